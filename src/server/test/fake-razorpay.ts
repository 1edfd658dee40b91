import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/** A payment as GET /v1/payments/:id answers it. */
export type FakePayment = { id: string; entity: 'payment'; order_id: string; amount: number; currency: 'INR'; status: 'captured' | 'authorized' | 'failed' };

export type FakeOrder = { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: 'created' };

/**
 * A local stand-in for Razorpay's HTTP API (POST /v1/orders with basic auth), on 127.0.0.1 and a
 * random port (or the one given: the e2e server is pointed at a fixed one), that records the orders created; plus signing helpers for checkout responses and
 * webhooks. `fail` makes the next order creations answer 500.
 */
export class FakeRazorpay {
  readonly orders: FakeOrder[] = [];
  /** Payments made with `pay`, by id: what GET /v1/payments/:id answers (tests may change them). */
  readonly payments = new Map<string, FakePayment>();
  /** How many times GET /v1/payments/:id was asked. */
  paymentLookups = 0;
  readonly keyId = `rzp_test_${randomBytes(6).toString('hex')}`;
  readonly keySecret = randomBytes(12).toString('hex');
  readonly webhookSecret = randomBytes(12).toString('hex');
  fail = false;
  unauthorized = 0;
  private server: FastifyInstance | null = null;
  url = '';

  /** True (and counted) when a request's Authorization is not basic auth with this fake's key id and secret (written here, apart from the gateway's own code). */
  private refused(authorization: string | undefined): boolean {
    if (authorization === `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`) return false;
    this.unauthorized++;
    return true;
  }

  /** Starts the fake; answers its base URL (use it as RAZORPAY_API_BASE). */
  async start(port = 0): Promise<string> {
    const app = Fastify({ logger: false });
    app.post('/v1/orders', async (req, reply) => {
      if (this.refused(req.headers.authorization)) return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      if (this.fail) return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      const body = req.body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
      if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
        return reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } });
      }
      const order: FakeOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        amount: body.amount,
        currency: String(body.currency),
        receipt: String(body.receipt),
        notes: (body.notes ?? {}) as Record<string, string>,
        status: 'created',
      };
      this.orders.push(order);
      return { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0, created_at: Math.floor(Date.now() / 1000) };
    });
    app.get('/v1/payments/:id', async (req, reply) => {
      if (this.refused(req.headers.authorization)) return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      this.paymentLookups++;
      if (this.fail) return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      const payment = this.payments.get((req.params as { id: string }).id);
      if (!payment) return reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      return payment;
    });
    // The orders list: what the settings' connection test calls.
    app.get('/v1/orders', async (req, reply) => {
      if (this.refused(req.headers.authorization)) return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      return { entity: 'collection', count: Math.min(1, this.orders.length), items: this.orders.slice(0, 1) };
    });
    this.url = await app.listen({ host: '127.0.0.1', port });
    this.server = app;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** A successful checkout response for an order, signed as Razorpay's checkout signs it. */
  pay(orderId: string, secret = this.keySecret): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } {
    const paymentId = `pay_${randomBytes(7).toString('hex')}`;
    const order = this.orders.find((o) => o.id === orderId);
    this.payments.set(paymentId, { id: paymentId, entity: 'payment', order_id: orderId, amount: order?.amount ?? 0, currency: 'INR', status: 'captured' });
    return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex') };
  }

  /** A webhook body (raw JSON) and its X-Razorpay-Signature header. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed', a: { orderId: string; paymentId: string; amount: number | undefined }, secret = this.webhookSecret): { body: string; signature: string } {
    // amount undefined: a webhook that carries no amount (JSON.stringify leaves the key out).
    const payment = { entity: { id: a.paymentId, entity: 'payment', amount: a.amount, currency: 'INR', status: event === 'payment.failed' ? 'failed' : 'captured', order_id: a.orderId } };
    const payload = event === 'order.paid' ? { payment, order: { entity: { id: a.orderId, entity: 'order', amount: a.amount, amount_paid: a.amount, status: 'paid' } } } : { payment };
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_test', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
  }
}
