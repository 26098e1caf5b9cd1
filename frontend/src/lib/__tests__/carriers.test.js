import { cleanTrackingNumber, trackingNumberValid } from "../carriers";

describe("tracking numbers", () => {
  test.each([
    ["UPS", "1z999aa1 0123456784", true],
    ["UPS", "1Z999", false],
    ["USPS", "9400 1000 0000 0000 0000 00", true],
    ["USPS", "EA123456789US", true],
    ["FedEx", "1234-5678-9012", true],
    ["FedEx", "12345", false],
    ["DHL", "1234567890", true],
    ["DHL", "<script>", false],
    ["Pigeon", "1234567890", false],
  ])("%s %s is valid: %s", (carrier, number, valid) => {
    expect(trackingNumberValid(carrier, number)).toBe(valid);
  });

  test("cleaning takes out spaces and dashes and upper-cases", () => {
    expect(cleanTrackingNumber(" 1z-99 ")).toBe("1Z99");
    expect(cleanTrackingNumber(undefined)).toBe("");
  });
});
