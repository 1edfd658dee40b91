import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (Helmet's defaults and the content security policy below).
 * Helmet's middleware is built once, when the server starts: building it per request (as the Fastify
 * plugin does) parses the policy again for every answer, a cost every download and page pays.
 */
export function installSecurityHeaders(app: FastifyInstance, o: { publicPicturesUrl?: string }): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures redirected to S3_PUBLIC_URL load from there.
        imgSrc: ["'self'", 'data:', 'blob:', ...(o.publicPicturesUrl ? [new URL(o.publicPicturesUrl).origin] : [])],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    apply(req.raw, reply.raw, (e?: unknown) => done(e as Error | undefined)),
  );
}
