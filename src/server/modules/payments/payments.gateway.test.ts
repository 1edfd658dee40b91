import { describe, expect, it } from 'vitest';
import { RazorpayGateway, signCheckout, TestGateway } from './payments.gateway';

// Known answers, computed outside this code base with OpenSSL, so that a format mistake shared by
// the gateway and the test fake (a different separator, the ids swapped, base64 instead of hex)
// fails here:
//   printf '%s' 'order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
//   printf '%s' '<the webhook body below>' | openssl dgst -sha256 -hmac 'whsec_haat_known_answer'
const keySecret = 'EnLs21M47BllR3X8PSFtjtbd';
const orderId = 'order_IluGWxBm9U8zJ8';
const paymentId = 'pay_IH4NVgf4Dreq1l';
const checkoutSignature = 'c7a6b6e37e5fb8b5387cd93cff2f9cedbf5cb78112fd50292c56b4cecb49b80d';
const webhookSecret = 'whsec_haat_known_answer';
const webhookBody =
  '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_IH4NVgf4Dreq1l","order_id":"order_IluGWxBm9U8zJ8","amount":50000}}}}';
const webhookSignature = 'f42ee27cfd2ec729b7047937e54b53037d2b8026af8d8226e96d0c21010946b5';

const gateway = new RazorpayGateway({
  apiBase: 'http://127.0.0.1:9',
  keyId: 'rzp_test_known',
  keySecret,
  webhookSecret,
});

describe("Razorpay's signatures, against known answers", () => {
  it('signs a checkout response as the hex HMAC-SHA256 of "order_id|payment_id" with the key secret', () => {
    expect(signCheckout(keySecret, orderId, paymentId)).toBe(checkoutSignature);
  });

  it('accepts the known checkout signature (in either case) and refuses every near miss', () => {
    expect(
      gateway.verifySignature({ providerOrderId: orderId, providerPaymentId: paymentId, signature: checkoutSignature }),
    ).toBe(true);
    expect(
      gateway.verifySignature({
        providerOrderId: orderId,
        providerPaymentId: paymentId,
        signature: checkoutSignature.toUpperCase(),
      }),
    ).toBe(true);
    for (const signature of [
      checkoutSignature.slice(0, -1) + '0',
      checkoutSignature.slice(0, 32),
      Buffer.from(checkoutSignature, 'hex').toString('base64'),
      signCheckout(keySecret, paymentId, orderId), // ids swapped
      '',
    ]) {
      expect(gateway.verifySignature({ providerOrderId: orderId, providerPaymentId: paymentId, signature })).toBe(
        false,
      );
    }
    expect(
      gateway.verifySignature({
        providerOrderId: orderId,
        providerPaymentId: 'pay_other',
        signature: checkoutSignature,
      }),
    ).toBe(false);
  });

  it('accepts the known webhook signature of the raw body with the webhook secret, and nothing else', () => {
    expect(gateway.verifyWebhook(webhookBody, webhookSignature)).toBe(true);
    expect(gateway.verifyWebhook(webhookBody.replace('50000', '5000'), webhookSignature)).toBe(false);
    expect(gateway.verifyWebhook(JSON.stringify(JSON.parse(webhookBody), null, 1), webhookSignature)).toBe(false);
    expect(gateway.verifyWebhook(webhookBody, undefined)).toBe(false);
    // The checkout key secret does not sign webhooks.
    expect(
      new RazorpayGateway({
        apiBase: 'http://127.0.0.1:9',
        keyId: 'k',
        keySecret: webhookSecret,
        webhookSecret: null,
      }).verifyWebhook(webhookBody, webhookSignature),
    ).toBe(false);
  });

  it('the built-in test gateway signs the same way, with its own secret', () => {
    const test = new TestGateway(Buffer.from(keySecret));
    expect(
      test.verifySignature({ providerOrderId: orderId, providerPaymentId: paymentId, signature: checkoutSignature }),
    ).toBe(true);
    const paid = test.pay('test_order_1');
    expect(paid.signature).toBe(signCheckout(keySecret, 'test_order_1', paid.providerPaymentId));
  });
});
