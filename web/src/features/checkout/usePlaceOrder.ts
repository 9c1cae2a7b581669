import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ShippingAddress } from '../../lib/address';
import { useBrandName, useGetConfigQuery } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import { useAppDispatch } from '../../lib/hooks';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { toPaise } from '../../lib/pricing';
import { CARRIED_TO_NEXT_SCREEN } from '../../lib/toast';
import { openCheckout, prefillFrom, type WidgetResult } from '../../lib/razorpay';
import {
  CART_MESSAGES,
  clearCartItems,
  refreshBuyingItem,
  refreshCartLines,
  removeBuyingItem,
  useVerifyCartStockMutation,
} from '../cart';
import { productsApi, type Product } from '../catalog';
import { newIdempotencyKey, useConfirmOnlinePaymentMutation, usePlaceOrderMutation, type NewOrder } from './checkoutApi';
import type { Checkout } from './useCheckout';

/** Why the last attempt placed no order: a stock or price refusal, or anything else. */
export type OrderError = { kind: 'stock' | 'price' | 'other'; message: string };

export interface PlaceOrder {
  /** Checks the stock, places the order, takes an online payment, then opens the order's page. */
  place: (address: ShippingAddress) => Promise<void>;
  /** True from the click until the attempt has ended. */
  placing: boolean;
  error: OrderError | null;
  /** What the stock check found wrong, by the line's keyId. */
  issues: Record<string, string>;
}

/**
 * Placing the checkout's order (SPEC.md §4, §8): the stock check, the order with its idempotency key,
 * the payment widget for an online order, and then the cart (or the buying item) and the way on.
 */
export function usePlaceOrder(checkout: Checkout): PlaceOrder {
  const { items, buyingItem, prices, paymentMethod } = checkout;
  const { data: config } = useGetConfigQuery();
  const brand = useBrandName();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verifyStock] = useVerifyCartStockMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const [confirmPayment] = useConfirmOnlinePaymentMutation();
  // One key per checkout attempt: a double click or a retry after a lost answer makes one order.
  const attemptKey = useRef('');
  if (!attemptKey.current) attemptKey.current = newIdempotencyKey();
  // Set in the click itself, before any render: a second click of a double click finds it set.
  const busy = useRef(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<OrderError | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const online = paymentMethod === 'Razorpay';

  /**
   * On to the order's page. The cart (or the buying item) is done with only once nothing is left to
   * pay now: a cash-on-delivery order, or an online payment the server verified. After a failed or
   * abandoned payment it stays, and the order waits to be paid from its page.
   */
  const finish = (orderId: string, settled: boolean) => {
    navigate(`/order/${encodeURIComponent(orderId)}?placed=1`);
    if (!settled) return;
    if (buyingItem) dispatch(removeBuyingItem());
    else dispatch(clearCartItems());
  };

  /** After the server said the prices changed: the lines take the products' current data. */
  const reprice = async () => {
    const ids = [...new Set(items.map((i) => i._id))];
    const fresh = await Promise.all(
      ids.map((id) =>
        dispatch(productsApi.endpoints.getProductDetails.initiate(id, { forceRefetch: true, subscribe: false }))
          .unwrap()
          .catch(() => null),
      ),
    );
    const products = fresh.filter((p): p is Product => p !== null);
    if (buyingItem) products.forEach((p) => dispatch(refreshBuyingItem(p)));
    else dispatch(refreshCartLines(products));
  };

  /** Opens the payment widget for a placed order; true once the server verified the payment. */
  const pay = async (orderId: string, razorpayOrderId: string, key: string, total: number, address: ShippingAddress) => {
    let outcome: WidgetResult;
    try {
      outcome = await openCheckout(config!.payment.checkoutScript, {
        key,
        orderId: razorpayOrderId,
        amount: toPaise(total),
        name: brand,
        description: `Order at ${brand}`,
        prefill: prefillFrom(address),
      });
    } catch (err) {
      outcome = { kind: 'failed', description: err instanceof Error ? err.message : 'The payment widget could not be opened.' };
    }
    if (outcome.kind === 'paid') {
      try {
        const result = await confirmPayment({ ...outcome.payment, orderId }).unwrap();
        toast.success(result.message || ORDER_MESSAGES.paymentSuccess);
        return true;
      } catch (err) {
        const e = err as FetchBaseQueryError;
        toast.error(e?.status === 409 ? errorMessage(err) : ORDER_MESSAGES.verificationFailed, CARRIED_TO_NEXT_SCREEN);
      }
    } else if (outcome.kind === 'failed') {
      // Shown on the order's page, where the customer goes next to pay again.
      toast.error(`Error: ${outcome.description}`, CARRIED_TO_NEXT_SCREEN);
    } else {
      toast.info(ORDER_MESSAGES.paymentNotCompleted);
    }
    return false;
  };

  const place = async (address: ShippingAddress) => {
    if (busy.current) return;
    busy.current = true;
    setPlacing(true);
    setError(null);
    try {
      if (!buyingItem) {
        let check;
        try {
          check = await verifyStock(items.map((i) => ({ keyId: i.keyId, qty: i.qty }))).unwrap();
        } catch {
          toast.error(CART_MESSAGES.verifyFailed);
          return;
        }
        setIssues(Object.fromEntries(check.issues.map((i) => [i.keyId, i.reason])));
        if (!check.success) {
          toast.error(CART_MESSAGES.recheck);
          setError({ kind: 'stock', message: check.message ?? CART_MESSAGES.stockIssue });
          return;
        }
      }
      const order: NewOrder = { orderItems: items, shippingAddress: address, paymentMethod, ...prices };
      let placed;
      try {
        placed = await placeOrder({ order, idempotencyKey: attemptKey.current }).unwrap();
      } catch (err) {
        const e = err as FetchBaseQueryError;
        // The server answered: nothing was made, so the next try is a new attempt. Without an
        // answer the order may exist, and the same key finds it again.
        if (typeof e?.status === 'number') attemptKey.current = newIdempotencyKey();
        const data = e?.data as { expected?: unknown } | undefined;
        if (e?.status === 409 && data?.expected) {
          await reprice();
          setError({ kind: 'price', message: errorMessage(err) });
        } else if (e?.status === 409) {
          setError({ kind: 'stock', message: errorMessage(err) });
        } else {
          setError({ kind: 'other', message: errorMessage(err) });
        }
        return;
      }
      const { _id, totalPrice } = placed.data;
      const settled =
        online && placed.razorpayOrderId && placed.key ? await pay(_id, placed.razorpayOrderId, placed.key, totalPrice, address) : true;
      finish(_id, settled);
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  return { place, placing, error, issues };
}
