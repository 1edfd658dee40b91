/** An order as people refer to it: '#' and the first 8 characters of its id, upper case (#1A2B3C4D). */
export const orderRef = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;
