import { screen, within } from "@testing-library/react";
import { installFakeApi } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";

beforeEach(() => installFakeApi({ "GET /brands": [] }));

test.each([
  ["/aboutUs", "ABOUT US"],
  ["/AboutUs", "ABOUT US"],
  ["/contactUs", "CONTACT US"],
  ["/ContactUs", "CONTACT US"],
  ["/sizeChart", "SIZE CHART"],
  ["/SizeChart", "SIZE CHART"],
  ["/termsOfService", "TERMS OF SERVICE"],
  ["/TermsOfService", "TERMS OF SERVICE"],
])("%s shows %s", async (path, title) => {
  renderWithProviders({ path });
  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
});

test("the size chart is the spec's US / UK / EU table", async () => {
  renderWithProviders({ path: "/sizeChart" });
  const rows = within(await screen.findByRole("table")).getAllByRole("row");
  const cells = rows.map((row) =>
    [...within(row).queryAllByRole("columnheader"), ...within(row).queryAllByRole("cell")].map(
      (cell) => cell.textContent,
    ),
  );
  expect(cells).toEqual([
    ["US", "UK", "EU"],
    ["6", "3.5", "36"],
    ["6.5", "4", "37"],
    ["7", "4.5", "38"],
    ["7.5", "5", "39"],
    ["8", "5.5", "40"],
    ["8.5", "6", "41"],
    ["9", "6.5", "42"],
    ["9.5", "7", "43"],
    ["10", "7.5", "44"],
    ["10.5", "8", "45"],
    ["11", "8.5", "46"],
    ["11.5", "9", "47"],
  ]);
});

test("the footer links to the four pages from any screen", async () => {
  renderWithProviders({ path: "/products/7/none" });
  const footer = await screen.findByRole("navigation", { name: "About the shop" });
  const hrefs = within(footer)
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));
  expect(hrefs).toEqual(["/aboutUs", "/contactUs", "/sizeChart", "/termsOfService"]);
});
