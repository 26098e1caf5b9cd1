import { readConfig } from "../config";

test("reads the server's settings from the page shell", () => {
  document.body.innerHTML =
    '<script id="shop-config" type="application/json">{"shopName": "Kicks", "paymentGateway": "stripe"}</script>';
  const config = readConfig(document);
  expect(config.shopName).toBe("Kicks");
  expect(config.paymentGateway).toBe("stripe");
  expect(config.identityProvider).toBe("local");
});

test("falls back to the defaults without a shell", () => {
  document.body.innerHTML = "";
  expect(readConfig(document).shopName).toBe("Sneaker Shop");
});
