package api

import (
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
)

// routes lists every route of the shop in one place.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /healthz", s.health)
	mux.HandleFunc("GET /readyz", s.ready)
	mux.Handle("GET /metrics", s.metricsHandler())
	mux.HandleFunc("GET /api/config", s.config)
	mux.HandleFunc("GET /api/settings", s.admin(s.settings))
	mux.HandleFunc("PUT /api/settings", s.admin(s.saveSettings))

	mux.HandleFunc("GET /api/products", s.listProducts)
	mux.HandleFunc("GET /api/products/all", s.allProducts)
	mux.HandleFunc("GET /api/products/suggest", s.suggest)
	mux.HandleFunc("GET /api/products/top", s.topProducts)
	mux.HandleFunc("GET /api/products/category/{category}", s.categoryProducts)
	mux.HandleFunc("GET /api/products/categories", s.categories)
	mux.HandleFunc("GET /api/products/filters", s.filterChoices)
	mux.HandleFunc("GET /api/products/{id}", s.product)
	mux.HandleFunc("POST /api/products/{id}/reviews", s.signedIn(s.addReview))
	mux.HandleFunc("GET /api/products/export.csv", s.admin(s.exportProducts))
	mux.HandleFunc("POST /api/products/import", s.admin(s.importProducts))
	mux.HandleFunc("GET /api/products/{id}/reviews/mine", s.signedIn(s.myReview))
	mux.HandleFunc("GET /api/products/{id}/reviews/page/{pageNumber}", s.reviews)
	mux.HandleFunc("GET /api/products/admin", s.admin(s.adminProducts))
	mux.HandleFunc("GET /api/products/admin/{id}", s.admin(s.adminProduct))
	mux.HandleFunc("POST /api/products", s.admin(s.createProduct))
	mux.HandleFunc("PUT /api/products/{id}", s.admin(s.updateProduct))
	mux.HandleFunc("DELETE /api/products/{id}", s.admin(s.deleteProduct))
	mux.HandleFunc("POST /api/upload", s.admin(s.upload))
	mux.HandleFunc("DELETE /api/upload/delete/{fileName}", s.admin(s.deleteUpload))

	mux.HandleFunc("POST /api/users/auth", s.login)
	mux.HandleFunc("POST /api/users/sendLoginCode", s.sendLoginCode)
	mux.HandleFunc("POST /api/users/authCode", s.loginWithCode)
	mux.HandleFunc("POST /api/users/logout", s.logout)
	mux.HandleFunc("POST /api/users/sendOtp", s.sendOTP)
	mux.HandleFunc("POST /api/users/verifyOtp", s.verifyOTP)
	mux.HandleFunc("POST /api/users", s.register)
	mux.HandleFunc("GET /api/users/profile", s.signedIn(s.profile))
	mux.HandleFunc("PUT /api/users/profile", s.signedIn(s.updateProfile))
	mux.HandleFunc("GET /api/users/addresses", s.signedIn(s.savedAddresses))
	mux.HandleFunc("POST /api/users/addresses", s.signedIn(s.addAddress))
	mux.HandleFunc("PUT /api/users/addresses/{id}", s.signedIn(s.updateAddress))
	mux.HandleFunc("DELETE /api/users/addresses/{id}", s.signedIn(s.deleteAddress))
	mux.HandleFunc("GET /api/users", s.admin(s.listUsers))
	mux.HandleFunc("GET /api/users/{id}", s.admin(s.getUser))
	mux.HandleFunc("PUT /api/users/{id}", s.admin(s.updateUser))
	mux.HandleFunc("DELETE /api/users/{id}", s.admin(s.deleteUser))

	mux.HandleFunc("POST /api/orders/cartVerification", s.verifyCart)
	mux.HandleFunc("POST /api/orders", s.signedIn(s.createOrder))
	mux.HandleFunc("GET /api/orders/myorders", s.signedIn(s.myOrders))
	mux.HandleFunc("GET /api/orders", s.admin(s.allOrders))
	mux.HandleFunc("GET /api/orders/{id}", s.signedIn(s.getOrder))
	mux.HandleFunc("GET /api/orders/{id}/invoice", s.signedIn(s.invoicePDF))
	mux.HandleFunc("GET /api/orders/{id}/credit-note", s.signedIn(s.creditNotePDF))
	mux.HandleFunc("PUT /api/orders/{id}/pay", s.admin(s.markPaid))
	mux.HandleFunc("PUT /api/orders/{id}/deliver", s.admin(s.markDelivered))
	mux.HandleFunc("PUT /api/orders/{id}/confirm", s.signedIn(s.confirmOrder))
	mux.HandleFunc("PUT /api/orders/{id}/ship", s.admin(s.shipOrder))
	mux.HandleFunc("PUT /api/orders/{id}/cancel", s.signedIn(s.cancelOrder))
	mux.HandleFunc("POST /api/orders/{id}/return", s.signedIn(s.requestReturn))
	mux.HandleFunc("PUT /api/orders/{id}/return", s.admin(s.decideReturn))
	mux.HandleFunc("PUT /api/orders/{id}/refunds/{refund}", s.admin(s.recordRefund))
	mux.HandleFunc("POST /api/orders/{id}/refunds/{refund}/retry", s.admin(s.retryRefund))
	mux.HandleFunc("GET /confirm-order/{token}", s.confirmByLink)
	mux.HandleFunc("POST /api/orders/{id}/payment", s.signedIn(s.payAgain))
	mux.HandleFunc("POST /api/orders/verifyPayment", s.signedIn(s.verifyPayment))
	mux.HandleFunc("GET /api/orders/preorder", s.role(s.preOrders, shop.RoleManufacturer, shop.RoleAdmin))
	mux.HandleFunc("PUT /api/orders/preorder", s.role(s.markManufactured, shop.RoleManufacturer, shop.RoleAdmin))

	mux.HandleFunc("GET /api/reports/summary", s.admin(s.reportSummary))
	mux.HandleFunc("GET /api/reports/orders.csv", s.admin(s.ordersCSV))
	mux.HandleFunc("GET /api/audit", s.admin(s.auditLog))
	mux.HandleFunc("GET /api/reports/gst", s.admin(s.gstReport))
	mux.HandleFunc("GET /api/delivery/{pinCode}", s.delivery)

	mux.HandleFunc("POST /api/payments/razorpay/webhook", s.webhook)
	if s.simulator != nil {
		mux.HandleFunc("GET /api/payments/simulator/checkout.js", s.simulatorScript)
		mux.HandleFunc("POST /api/payments/simulator/pay", s.signedIn(s.simulatorPay))
	}

	mux.HandleFunc("/api/", s.apiNotFound)
	mux.Handle("GET /uploads/", s.uploadsHandler())
	mux.Handle("/", s.appHandler())
	return mux
}
