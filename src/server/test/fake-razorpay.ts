import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/** A payment as GET /v1/payments/:id answers it. */
export type FakePayment = {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: 'INR';
  status: 'captured' | 'authorized' | 'failed';
};

/** A Route direct transfer as POST /v1/transfers made it (with the idempotency key it was asked with). */
export type FakeTransfer = {
  id: string;
  entity: 'transfer';
  status: 'processed';
  source: string;
  recipient: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  idempotencyKey: string | null;
};

/** A refund as POST /v1/payments/:id/refund made it (with the idempotency key it was asked with). */
export type FakeRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  idempotencyKey: string | null;
};

export type FakeOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
  status: 'created';
};

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
  /** Route direct transfers made (POST /v1/transfers), one per idempotency key. */
  readonly transfers: FakeTransfer[] = [];
  /** How many times POST /v1/transfers was asked (made, repeated or refused). */
  transferRequests = 0;
  /** Makes the next transfers fail: 'error' answers 400 (e.g. Haat's balance is too low), 'down' 500; null makes them. */
  failTransfers: 'error' | 'down' | null = null;
  /** Milliseconds each transfer waits before answering (to hold two admins' requests in flight at once). */
  transferDelayMs = 0;
  unauthorized = 0;
  /** Refunds made (POST /v1/payments/:id/refund), one per X-Refund-Idempotency key. */
  readonly refunds: FakeRefund[] = [];
  /** How many times a refund was asked (made, repeated or refused). */
  refundRequests = 0;
  /** Makes the next refunds fail: 'error' answers 400 (e.g. the payment is fully refunded), 'down' 500; null makes them. */
  failRefunds: 'error' | 'down' | null = null;
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
      if (this.refused(req.headers.authorization))
        return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      if (this.fail)
        return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      const body = req.body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
      if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } });
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
      return {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: order.amount,
        attempts: 0,
        created_at: Math.floor(Date.now() / 1000),
      };
    });
    app.get('/v1/payments/:id', async (req, reply) => {
      if (this.refused(req.headers.authorization))
        return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      this.paymentLookups++;
      if (this.fail)
        return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      const payment = this.payments.get((req.params as { id: string }).id);
      if (!payment)
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      return payment;
    });
    // Route's direct transfer: from Haat's balance to a linked account (acc_…), in paise; a repeated
    // X-Transfer-Idempotency key answers the transfer already made, as Razorpay does.
    app.post('/v1/transfers', async (req, reply) => {
      if (this.refused(req.headers.authorization))
        return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      this.transferRequests++;
      if (this.transferDelayMs > 0) await new Promise((r) => setTimeout(r, this.transferDelayMs));
      if (this.failTransfers === 'down')
        return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      if (this.failTransfers === 'error')
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Insufficient balance to process the transfer' } });
      const body = req.body as { account?: unknown; amount?: unknown; currency?: unknown; notes?: unknown };
      if (typeof body.account !== 'string' || !/^acc_[A-Za-z0-9]{14}$/.test(body.account))
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The account id is invalid' } });
      if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100)
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } });
      if (body.currency !== 'INR')
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The currency is not supported' } });
      const key =
        typeof req.headers['x-transfer-idempotency'] === 'string' ? req.headers['x-transfer-idempotency'] : null;
      const earlier = key === null ? undefined : this.transfers.find((t) => t.idempotencyKey === key);
      if (earlier) {
        if (earlier.amount !== body.amount || earlier.recipient !== body.account)
          return reply.status(400).send({
            error: { code: 'BAD_REQUEST_ERROR', description: 'Different request body for the same idempotency key' },
          });
        return this.transferAnswer(earlier);
      }
      const transfer: FakeTransfer = {
        id: `trf_${randomBytes(7).toString('hex')}`,
        entity: 'transfer',
        status: 'processed',
        source: 'acc_HaatMarketplac',
        recipient: body.account,
        amount: body.amount,
        currency: 'INR',
        notes: (body.notes ?? {}) as Record<string, string>,
        idempotencyKey: key,
      };
      this.transfers.push(transfer);
      return this.transferAnswer(transfer);
    });
    // A normal refund of a captured payment, never more than is left of it; a repeated
    // X-Refund-Idempotency key answers the refund already made, as Razorpay does.
    app.post('/v1/payments/:id/refund', async (req, reply) => {
      if (this.refused(req.headers.authorization))
        return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      this.refundRequests++;
      if (this.failRefunds === 'down')
        return reply.status(500).send({ error: { code: 'SERVER_ERROR', description: 'The server is down' } });
      if (this.failRefunds === 'error')
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } });
      const paymentId = (req.params as { id: string }).id;
      const payment = this.payments.get(paymentId);
      if (!payment)
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      const body = req.body as { amount?: unknown; notes?: unknown; receipt?: unknown };
      const key = typeof req.headers['x-refund-idempotency'] === 'string' ? req.headers['x-refund-idempotency'] : null;
      const earlier = key === null ? undefined : this.refunds.find((r) => r.idempotencyKey === key);
      if (earlier) {
        if (earlier.amount !== body.amount || earlier.payment_id !== paymentId)
          return reply.status(400).send({
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Different request with the same idempotency key has already been processed.',
            },
          });
        return this.refundAnswer(earlier);
      }
      const refunded = this.refunds.filter((r) => r.payment_id === paymentId).reduce((s, r) => s + r.amount, 0);
      if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100)
        return reply
          .status(400)
          .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } });
      if (body.amount > payment.amount - refunded)
        return reply.status(400).send({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund amount provided is greater than amount captured',
          },
        });
      const refund: FakeRefund = {
        id: `rfnd_${randomBytes(7).toString('hex')}`,
        entity: 'refund',
        amount: body.amount,
        currency: 'INR',
        payment_id: paymentId,
        notes: (body.notes ?? {}) as Record<string, string>,
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        status: 'processed',
        idempotencyKey: key,
      };
      this.refunds.push(refund);
      return this.refundAnswer(refund);
    });
    // The orders list: what the settings' connection test calls.
    app.get('/v1/orders', async (req, reply) => {
      if (this.refused(req.headers.authorization))
        return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      return { entity: 'collection', count: Math.min(1, this.orders.length), items: this.orders.slice(0, 1) };
    });
    this.url = await app.listen({ host: '127.0.0.1', port });
    this.server = app;
    return this.url;
  }

  private transferAnswer({ idempotencyKey: _, ...t }: FakeTransfer) {
    const now = Math.floor(Date.now() / 1000);
    return {
      ...t,
      amount_reversed: 0,
      fees: 0,
      tax: 0,
      linked_account_notes: [],
      on_hold: false,
      on_hold_until: null,
      recipient_settlement_id: null,
      created_at: now,
      processed_at: now,
    };
  }

  private refundAnswer({ idempotencyKey: _, ...r }: FakeRefund) {
    return {
      ...r,
      acquirer_data: { arn: null },
      batch_id: null,
      speed_processed: 'normal',
      speed_requested: 'normal',
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** A successful checkout response for an order, signed as Razorpay's checkout signs it. */
  pay(
    orderId: string,
    secret = this.keySecret,
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } {
    const paymentId = `pay_${randomBytes(7).toString('hex')}`;
    const order = this.orders.find((o) => o.id === orderId);
    this.payments.set(paymentId, {
      id: paymentId,
      entity: 'payment',
      order_id: orderId,
      amount: order?.amount ?? 0,
      currency: 'INR',
      status: 'captured',
    });
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex'),
    };
  }

  /** A webhook body (raw JSON) and its X-Razorpay-Signature header. */
  webhook(
    event: 'payment.captured' | 'order.paid' | 'payment.failed',
    a: { orderId: string; paymentId: string; amount: number | undefined },
    secret = this.webhookSecret,
  ): { body: string; signature: string } {
    // amount undefined: a webhook that carries no amount (JSON.stringify leaves the key out).
    const payment = {
      entity: {
        id: a.paymentId,
        entity: 'payment',
        amount: a.amount,
        currency: 'INR',
        status: event === 'payment.failed' ? 'failed' : 'captured',
        order_id: a.orderId,
      },
    };
    const payload =
      event === 'order.paid'
        ? {
            payment,
            order: {
              entity: { id: a.orderId, entity: 'order', amount: a.amount, amount_paid: a.amount, status: 'paid' },
            },
          }
        : { payment };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
  }
}
