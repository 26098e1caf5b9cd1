// What the admin calls answer, for the dashboard's tests.
import { userRecord } from "./fakeApi";

// A user as GET /users lists them.
export function userRow(id, overrides = {}) {
  return userRecord({
    _id: id,
    email: `user${id}@example.com`,
    idUser: `${id}`.padStart(28, "u"),
    createdAt: `2026-11-${String(id).padStart(2, "0")}T10:00:00Z`,
    ...overrides,
  });
}

// A paid order as GET /cart lists them: with its client.
export function orderRow(id, overrides = {}) {
  return {
    _id: id,
    idPayment: `pi_test_${id}`,
    email: `client${id}@example.com`,
    client: `client${id}@example.com`,
    amount: 12999,
    date: `2026-11-${String(id).padStart(2, "0")}T10:31:07.123456Z`,
    status: "Pending",
    shoe: [
      {
        _id: 7,
        name: "Air Swift",
        brand: "Nike",
        image: "/media/7.webp",
        quantity: 1,
        size: "9",
        price: 129.99,
      },
    ],
    ...overrides,
  };
}

// GET /admin/stats: 30 days ending on 2026-11-30, sales on two of them.
export function statsFixture(overrides = {}) {
  const salesByDay = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, "0")}`,
    amount: 0,
    orders: 0,
  }));
  salesByDay[27] = { date: "2026-11-28", amount: 25998, orders: 2 };
  salesByDay[29] = { date: "2026-11-30", amount: 12999, orders: 1 };
  return { pairs: 42, orders: 17, sales: 123456, salesByDay, ...overrides };
}
