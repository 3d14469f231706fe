import type { OrderStatus } from '../../../shared/api/orders.ts';

/**
 * Where an order may go from each status: one step forward along the yard's path (confirmed →
 * picking → dispatched → delivered), or cancelled from any state before delivered. Delivered and
 * cancelled are final. One step at a time, so every stage has its own dated row in the history
 * (and its own mail to the buyer).
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  confirmed: ['picking', 'cancelled'],
  picking: ['dispatched', 'cancelled'],
  dispatched: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const nextStatuses = (from: OrderStatus): OrderStatus[] => [...NEXT[from]];

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => NEXT[from].includes(to);
