// Haat's offline stand-in for Razorpay's checkout.js. It offers the same
// constructor, options and callbacks (key, order_id, amount, currency,
// name, description, prefill, handler, modal.ondismiss, on('payment.failed'))
// and lets the tester choose UPI, card or netbanking and then Pay or Fail.
(function () {
  'use strict';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function rupees(paise) {
    return '\u20b9' + (Number(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function Razorpay(options) {
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.listeners = {};
  }

  Razorpay.prototype.on = function (event, callback) {
    this.listeners[event] = callback;
  };

  Razorpay.prototype.close = function () {
    if (this.overlay && this.overlay.parentNode) this.overlay.parentNode.removeChild(this.overlay);
    this.overlay = null;
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var overlay = el('div', { 'class': 'rzp-sim-overlay', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Razorpay payment (simulator)' });
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(10,12,30,.6);display:flex;align-items:center;justify-content:center;z-index:2147483000;font-family:system-ui,sans-serif';
    var box = el('div');
    box.style.cssText = 'background:#fff;border-radius:10px;width:min(380px,92vw);padding:20px;box-shadow:0 10px 40px rgba(0,0,0,.3);color:#1f2233';
    var close = el('button', { type: 'button', 'aria-label': 'Close' }, '\u00d7');
    close.style.cssText = 'float:right;border:0;background:none;font-size:22px;cursor:pointer';
    close.onclick = function () {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    };
    box.appendChild(close);
    box.appendChild(el('div', { 'class': 'rzp-sim-banner', role: 'note', style: 'margin:0 0 10px;padding:8px 10px;border-radius:6px;background:#fff3cd;border:1px solid #e0b100;color:#5c4400;font-size:13px;font-weight:600' },
      'Test mode: payments are simulated, no money moves.'));
    box.appendChild(el('h2', { style: 'margin:6px 0 2px;font-size:20px' }, o.name || 'Payment'));
    if (o.description) box.appendChild(el('div', { style: 'color:#555;font-size:14px' }, o.description));
    box.appendChild(el('div', { 'class': 'rzp-sim-amount', style: 'font-size:26px;font-weight:700;margin:12px 0' }, rupees(o.amount) + ' ' + (o.currency || 'INR')));
    var who = [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' \u00b7 ');
    if (who) box.appendChild(el('div', { 'class': 'rzp-sim-prefill', style: 'font-size:13px;color:#555;margin-bottom:10px' }, who));

    var methods = el('fieldset', { style: 'border:1px solid #ddd;border-radius:8px;padding:8px 12px;margin:0 0 14px' });
    methods.appendChild(el('legend', { style: 'font-size:13px;padding:0 4px' }, 'Pay with'));
    [['upi', 'UPI'], ['card', 'Card'], ['netbanking', 'Netbanking']].forEach(function (m, i) {
      var label = el('label', { style: 'display:block;padding:4px 0;cursor:pointer' });
      var input = el('input', { type: 'radio', name: 'rzp-sim-method', value: m[0] });
      if (i === 0) input.checked = true;
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + m[1]));
      methods.appendChild(label);
    });
    box.appendChild(methods);

    var status = el('div', { role: 'status', style: 'min-height:18px;font-size:13px;color:#b00020;margin-bottom:8px' });
    box.appendChild(status);
    var pay = el('button', { type: 'button' }, 'Pay ' + rupees(o.amount));
    pay.style.cssText = 'width:100%;padding:10px;border:0;border-radius:6px;background:#3395ff;color:#fff;font-size:16px;cursor:pointer;margin-bottom:8px';
    var fail = el('button', { type: 'button' }, 'Fail payment');
    fail.style.cssText = 'width:100%;padding:8px;border:1px solid #b00020;border-radius:6px;background:#fff;color:#b00020;cursor:pointer';
    box.appendChild(pay);
    box.appendChild(fail);

    function method() {
      var chosen = box.querySelector('input[name="rzp-sim-method"]:checked');
      return chosen ? chosen.value : 'upi';
    }

    pay.onclick = function () {
      pay.disabled = true;
      fail.disabled = true;
      fetch('/api/payments/simulator/pay', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, method: method() }),
      })
        .then(function (res) {
          if (!res.ok) throw new Error('simulator refused the payment (' + res.status + ')');
          return res.json();
        })
        .then(function (p) {
          self.close();
          if (typeof o.handler === 'function') {
            o.handler({
              razorpay_payment_id: p.razorpay_payment_id,
              razorpay_order_id: p.razorpay_order_id,
              razorpay_signature: p.razorpay_signature,
            });
          }
        })
        .catch(function (err) {
          status.textContent = String(err.message || err);
          pay.disabled = false;
          fail.disabled = false;
        });
    };

    fail.onclick = function () {
      self.close();
      var cb = self.listeners['payment.failed'];
      if (typeof cb === 'function') {
        cb({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Your payment was declined by the bank (simulated).',
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: o.order_id, payment_id: '' },
          },
        });
      }
    };

    overlay.appendChild(box);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
