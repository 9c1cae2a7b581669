package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/gcfloor"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/web"
)

// heapFloor is where the collector starts while the shop keeps less than
// half of it live: under load about a dozen collections a second, not
// sixty, for at most this much more memory (see internal/gcfloor).
const heapFloor = 16 << 20

func serve(ctx context.Context, args []string, out io.Writer, log *slog.Logger) error {
	fs := newFlagSet("serve", "Runs the shop: the API, the storefront and uploaded images.", out)
	var d dbFlags
	d.register(fs)
	addr := fs.String("addr", env("HAAT_ADDR", ":8080"), "address to listen on (HAAT_ADDR)")
	demo := fs.Bool("demo", envBool("HAAT_DEMO"), "seed the demo catalogue and users when the database is empty, and simulate payments unless Razorpay keys are set (HAAT_DEMO)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	gcfloor.Keep(heapFloor)

	db, err := store.Open(ctx, d.db, d.data)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := seedSeller(ctx, db); err != nil {
		return err
	}
	pictures, picturesIn, err := picturesFromEnv(ctx, d.data)
	if err != nil {
		return err
	}
	if *demo {
		if err := seedDemo(ctx, db, pictures, demoSeed{}, log); err != nil {
			return err
		}
	}

	mailer, mailVia, err := mailerFromEnv(d.data)
	if err != nil {
		return err
	}
	brand := brandFromEnv()
	texter, textsVia, err := textsFromEnv(d.data, brand.Name)
	if err != nil {
		return err
	}
	hold, err := paymentHoldFromEnv()
	if err != nil {
		return err
	}
	codConfirm, err := codConfirmationFromEnv()
	if err != nil {
		return err
	}
	returnWindow, err := returnWindowFromEnv()
	if err != nil {
		return err
	}
	sh, err := sharedFromEnv(ctx, log)
	if err != nil {
		return err
	}
	defer sh.close()
	gateway, gatewayName, err := gatewayFromEnv(ctx, *demo, sh)
	if err != nil {
		return err
	}
	logPayments(log, gatewayName)
	mediaURL, err := mediaURLFromEnv()
	if err != nil {
		return err
	}
	limits, err := orderLimitsFromEnv()
	if err != nil {
		return err
	}
	trusted, err := proxy.Parse(env("HAAT_TRUSTED_PROXIES", ""))
	if err != nil {
		return fmt.Errorf("HAAT_TRUSTED_PROXIES: %w", err)
	}
	metricsToken, err := metricsTokenFromEnv()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	publicURL := env("HAAT_PUBLIC_URL", "")
	if publicURL == "" {
		publicURL = listenURL(ln.Addr())
		log.Warn("HAAT_PUBLIC_URL is not set: links in e-mails and link previews use the listening address", "url", publicURL)
	}
	jobs := &api.Jobs{}
	sh.shareCatalogue(ctx, db, log)
	sender := mail.NewSender(db, mailer, mail.Site{Brand: brand.Name, URL: publicURL}, log, time.Now).WithTexts(texter)
	stopSending := sendMail(ctx, sender)
	defer stopSending()

	srv := &http.Server{
		Addr: *addr,
		Handler: api.New(api.Options{
			DB: db, Logger: log, Brand: brand, App: web.App(), PictureSizes: web.Sizes(), Pictures: pictures, MediaURL: mediaURL,
			PublicURL: publicURL, Gateway: gateway, PaymentHold: hold, TrustedProxies: trusted,
			OrderLimits: &limits, Limiters: sh.limiters(log), Texts: texter != nil,
			Metrics: shopMetrics(db, sender), MetricsToken: metricsToken,
			ReadyChecks: sh.readyChecks(), CODConfirmation: &codConfirm, ReturnWindow: returnWindow, Jobs: jobs,
		}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	// Only once every setting is read and the address is ours: a start that
	// fails must not have cancelled anyone's order first.
	go expireOrders(ctx, db, jobs, time.Minute, log)
	// The first search builds the search index in memory (seconds at
	// 100,000 products): built now, no shopper waits for it.
	go func() {
		if err := db.WarmSearch(ctx); err != nil && ctx.Err() == nil {
			log.Error("build the search index", "err", err)
		}
	}()
	log.Info("haat is serving", "addr", ln.Addr().String(), "database", string(db.Dialect()), "data", d.data, "mail", mailVia, "texts", textsVia, "payments", gatewayName, "shared", sh.what(), "pictures", picturesIn)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// listenURL is the address a browser on this machine reaches a listener
// at: localhost when it listens on every interface.
func listenURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String()
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}

func migrate(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("migrate", "Applies the database migrations that have not run yet (serve also does this on start).", out)
	var d dbFlags
	d.register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := store.Open(ctx, d.db, d.data)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "database (%s) is up to date\n", db.Dialect())
	return db.Close()
}
