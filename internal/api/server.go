// Package api serves Haat over HTTP: the JSON API under /api, uploaded
// images under /uploads and the single-page app for every other path.
package api

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/cache"
	"github.com/haat-shop/haat/internal/limit"
	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/metrics"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/ready"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/web"
)

// Server holds what the handlers need.
type Server struct {
	db *store.DB
	// log names the request of each line logged with the request's context:
	// log with s.log.ErrorContext(r.Context(), …), not s.log.Error(…).
	log  *slog.Logger
	site shop.SiteInfo
	app  fs.FS // the built web app: index.html and assets/
	page page  // index.html, split for each page's head
	// productPageHints name the code a product page loads at once.
	productPageHints []hint
	// appFiles holds the app's text files and their gzipped forms.
	appFiles sync.Map
	// publicURL is the shop's address for absolute links. It never comes
	// from a request, whose Host header the client writes.
	publicURL string
	media     media.Store
	// mediaURL is where browsers fetch pictures, such as a CDN's
	// https://media.example.in; empty for the shop's own /uploads/.
	mediaURL string
	now      func() time.Time
	handler  http.Handler // the whole shop, for the simulator's webhook

	gateway     payment.Gateway
	simulator   *payment.Simulator // set when the gateway is the simulator
	paymentHold time.Duration
	orderLimits shop.OrderLimits
	// codConfirmation says which COD orders wait for their customer's yes,
	// and returnWindow how long after delivery a return may be asked for.
	codConfirmation shop.CODConfirmation
	returnWindow    time.Duration

	cache cache.Cache
	// filling shares one computation among requests that miss the cache
	// together.
	filling singleflight.Group
	// pictureSizes say how wide the app shows product pictures.
	pictureSizes web.PictureSizes
	// districts are the states and districts an address may name.
	districts shop.Districts
	// pinAreas say which states a pin code may be in.
	pinAreas shop.PinAreas

	loginAttempts attempts
	otpAttempts   attempts
	// texts tells that an SMS provider is configured: a sign-in code asked
	// for with a mobile number is texted to it too.
	texts bool
	// signUpAttempts and passwordAttempts count the other password hashes.
	signUpAttempts, passwordAttempts attempts
	// passwords hashes and checks passwords, a few at once.
	passwords *auth.Hasher
	// proxies are the reverse proxies whose forwarding headers are believed.
	proxies proxy.Trusted

	metrics *metrics.Metrics
	// metricsToken is the SHA-256 of the token that opens /metrics to any
	// caller; nil when only local callers may read it.
	metricsToken []byte
	ids          *requestIDs
	// readyChecks are what /readyz checks: the database, then the options'.
	readyChecks []ready.Check
}

// Options configure a Server.
type Options struct {
	DB     *store.DB
	Logger *slog.Logger
	Brand  shop.Brand
	App    fs.FS
	// Pictures keep the uploaded pictures; nil means the folder UploadsDir.
	Pictures   media.Storage
	UploadsDir string
	// MediaURL is the address, such as https://media.example.in, at which a
	// CDN serves the shop's /uploads/: the pictures in answers and page heads
	// are fetched from there. Empty means from the shop itself.
	MediaURL string
	// PublicURL is the shop's address as customers reach it, such as
	// https://shop.example.in, for links in page heads and e-mails; empty
	// means http://localhost.
	PublicURL string
	// Clock tells the time; tests set it to travel past expiries.
	Clock func() time.Time
	// Gateway takes online payments: Razorpay, or the offline simulator;
	// nil means the shop takes no online payment.
	Gateway payment.Gateway
	// PaymentHold is how long an unpaid online order holds its stock.
	PaymentHold time.Duration
	// PictureSizes are the app's sizes attributes for product pictures, so
	// a page's head can ask for its largest picture; without them it does
	// not.
	PictureSizes web.PictureSizes
	// OrderLimits bound each customer's open orders; nil means
	// shop.DefaultOrderLimits.
	OrderLimits *shop.OrderLimits
	// CODConfirmation says which COD orders wait for their customer's
	// confirmation; nil means shop.DefaultCODConfirmation.
	CODConfirmation *shop.CODConfirmation
	// ReturnWindow is how long after delivery a customer may ask to return
	// an order; 0 means 7 days.
	ReturnWindow time.Duration
	// Jobs, when set, receives the background work the server offers.
	Jobs *Jobs
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto are believed; without them both are ignored.
	TrustedProxies proxy.Trusted
	// Passwords hashes and checks passwords; nil means auth.HashSlots at once
	// with auth.HashQueue waiting.
	Passwords *auth.Hasher
	// Limiters make the attempt limits; nil means limit.InMemory, which
	// every instance counts for itself.
	Limiters limit.Maker
	// Metrics keep the series served at /metrics; nil means a fresh set,
	// without the database pool and the mail, which are watched by whoever
	// holds them.
	Metrics *metrics.Metrics
	// MetricsToken, when set, opens /metrics to a caller anywhere that sends
	// it as "Authorization: Bearer <token>"; without it, and always, a caller
	// on this machine (proxy.Local) may read it.
	MetricsToken string
	// ReadyChecks are what /readyz checks besides the database: the uploads
	// folder, a shared cache, a bucket.
	ReadyChecks []ready.Check
	// Texts tells that the mail sender can send texts (an SMS provider, or
	// the file outbox in development).
	Texts bool
}

// New returns the HTTP handler of the whole shop.
func New(o Options) http.Handler {
	s := &Server{db: o.DB, log: slog.New(requestLog{o.Logger.Handler()}), site: o.Brand.SiteInfo(), app: o.App, publicURL: strings.TrimSuffix(o.PublicURL, "/"), mediaURL: strings.TrimSuffix(o.MediaURL, "/"), now: o.Clock,
		cache: cache.NewMemory(cacheTTL(o.DB), 2000), passwords: o.Passwords, proxies: o.TrustedProxies, texts: o.Texts,
	}
	pictures := o.Pictures
	if pictures == nil {
		pictures = media.Dir(o.UploadsDir)
	}
	s.media = media.NewStore(pictures, imageWorkers)
	limiter := o.Limiters
	if limiter == nil {
		limiter = limit.InMemory
	}
	s.loginAttempts, s.otpAttempts = newAttempts(limiter)
	s.signUpAttempts, s.passwordAttempts = newPasswordAttempts(limiter)
	if s.passwords == nil {
		s.passwords = auth.NewHasher(auth.HashSlots, auth.HashQueue)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.publicURL == "" {
		s.publicURL = "http://localhost"
	}
	s.gateway, s.paymentHold, s.pictureSizes = o.Gateway, o.PaymentHold, o.PictureSizes
	s.districts = web.Districts()
	s.pinAreas = shop.NewPinAreas(web.PinStates())
	if s.paymentHold <= 0 {
		s.paymentHold = 30 * time.Minute
	}
	if s.gateway != nil {
		s.simulator, _ = s.gateway.(*payment.Simulator)
		s.site.Payment.CheckoutScript = s.gateway.CheckoutScript()
		s.site.Payment.Online = true
	}
	s.orderLimits = shop.DefaultOrderLimits()
	if o.OrderLimits != nil {
		s.orderLimits = *o.OrderLimits
	}
	s.codConfirmation = shop.DefaultCODConfirmation()
	if o.CODConfirmation != nil {
		s.codConfirmation = *o.CODConfirmation
	}
	s.returnWindow = o.ReturnWindow
	if s.returnWindow <= 0 {
		s.returnWindow = shop.DefaultReturnWindow
	}
	s.site.Payment.Simulator = s.simulator != nil
	s.metrics, s.ids = o.Metrics, newRequestIDs()
	if s.metrics == nil {
		s.metrics = metrics.New()
	}
	if o.MetricsToken != "" {
		sum := sha256.Sum256([]byte(o.MetricsToken))
		s.metricsToken = sum[:]
	}
	s.readyChecks = append([]ready.Check{{Name: "database", Probe: o.DB.Ping}, {Name: "pictures", Probe: pictures.Ping}}, o.ReadyChecks...)
	s.handler = s.middleware(s.routes())
	if o.Jobs != nil {
		o.Jobs.RetryRefunds = func(ctx context.Context) error { return s.RetryRefunds(ctx, "") }
	}
	return s.handler
}

// Jobs is the background work of a server, for its process to run.
type Jobs struct {
	// RetryRefunds asks the gateway again for the refunds it has not
	// taken yet.
	RetryRefunds func(ctx context.Context) error
}

// imageWorkers is how many uploads are decoded and resized at once: each
// may take up to media.DecodeBudget (160 MiB) besides its file of at most
// 5 MB, held twice, and a core. Two keep the worst case near 360 MB, under
// 400 MB, and one upload need not wait for another; one worker with a
// larger budget would let in costlier pictures that a shop of t-shirts
// shown at most 800 px wide does not need.
const imageWorkers = 2

// cacheTTL is how long a cached catalogue answer may live. Changes are seen
// through the catalogue version (at once for this instance's own; for
// another's, at once through Redis or within a second through PostgreSQL);
// the time only bounds staleness should the shared version not answer.
// SQLite has no other instance.
func cacheTTL(db *store.DB) time.Duration {
	if db.Dialect() == store.Postgres {
		return time.Minute
	}
	return 10 * time.Minute
}
