import { act, screen } from "@testing-library/react";
import { installDeferredFetch, installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import SearchDrawer, { SEARCH_DEBOUNCE_MS } from "../SearchDrawer";

let onClose;

// The drawer, with the shop's answers (or, given none, answers the test releases: `calls` are then
// the requests on hold, `pending[i].answer(status, body)`).
function renderDrawer(answers) {
  const calls = answers ? installFakeApi(answers) : installDeferredFetch();
  onClose = jest.fn();
  const view = renderWithProviders({
    element: <SearchDrawer onClose={onClose} />,
    userOptions: { advanceTimers: jest.advanceTimersByTime },
  });
  return { ...view, calls };
}

const searches = (calls) => calls.filter((call) => call.path.startsWith("/shoes?"));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("typing a word quickly asks once, with the whole word lower-cased", async () => {
  const { user, calls } = renderDrawer({ "GET /shoes": page([]) });
  const input = screen.getByPlaceholderText("Search...");
  expect(input).toHaveFocus();

  await user.type(input, "AirMax", { delay: 20 });
  expect(searches(calls)).toEqual([]);
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

  expect(searches(calls).map((call) => call.path)).toEqual(["/shoes?limit=10&offset=0&name=airmax"]);
});

test("lists each match with its picture, name and price, linking to the shoe", async () => {
  const shoe = shoeFixture({ _id: 4, name: "Air Swift", price: 120 });
  const { user } = renderDrawer({ "GET /shoes": page([shoe]) });
  await user.type(screen.getByPlaceholderText("Search..."), "air");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

  const link = await screen.findByRole("link", { name: /Air Swift/ });
  expect(link).toHaveAttribute("href", "/products/4");
  expect(link).toHaveTextContent("$120.00");
  expect(link.querySelector("img")).toHaveAttribute("src", shoe.image);

  await user.click(link);
  expect(onClose).toHaveBeenCalled();
});

test("says so when nothing matches", async () => {
  const { user } = renderDrawer({ "GET /shoes": page([]) });
  await user.type(screen.getByPlaceholderText("Search..."), "zzz");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(await screen.findByText("No shoes named like “zzz”.")).toBeInTheDocument();
});

test("shows a plain-text answer as it is", async () => {
  const { user } = renderDrawer({ "GET /shoes": "Shoe not found" });
  await user.type(screen.getByPlaceholderText("Search..."), "zzz");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(await screen.findByText("Shoe not found")).toBeInTheDocument();
});

test("says how many more match beyond the first ten", async () => {
  const shoes = Array.from({ length: 10 }, () => shoeFixture());
  const { user } = renderDrawer({ "GET /shoes": page(shoes, 25) });
  await user.type(screen.getByPlaceholderText("Search..."), "runner");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(await screen.findByText(/15 more shoes match/)).toBeInTheDocument();
});

test("an emptied box asks nothing", async () => {
  const { user, calls } = renderDrawer({ "GET /shoes": page([]) });
  const input = screen.getByPlaceholderText("Search...");
  await user.type(input, "a");
  await user.clear(input);
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
  expect(searches(calls)).toEqual([]);
});

test("an answer to an older text, arriving last, is dropped", async () => {
  const { user, calls: pending } = renderDrawer();
  const input = screen.getByPlaceholderText("Search...");
  await user.type(input, "a");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  await user.type(input, "b");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(pending.map((request) => request.url)).toEqual([
    "/api/shoes?limit=10&offset=0&name=a",
    "/api/shoes?limit=10&offset=0&name=ab",
  ]);

  await act(async () => pending[1].answer(200, page([shoeFixture({ name: "Abby" })])));
  expect(await screen.findByRole("link", { name: /Abby/ })).toBeInTheDocument();
  await act(async () => pending[0].answer(200, page([shoeFixture({ name: "Old" })])));
  await act(() => jest.advanceTimersByTime(100));
  expect(screen.getByRole("link", { name: /Abby/ })).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: /Old/ })).not.toBeInTheDocument();
});

test("emptying the box clears the results, and an answer still on its way shows nothing", async () => {
  const { user, calls: pending } = renderDrawer();
  const input = screen.getByPlaceholderText("Search...");
  await user.type(input, "air");
  await act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  await user.clear(input);
  await act(async () => pending[0].answer(200, page([shoeFixture({ name: "Air Swift" })])));
  await act(() => jest.advanceTimersByTime(100));
  expect(screen.queryByRole("link")).not.toBeInTheDocument();
  expect(screen.queryByText(/No shoes named/)).not.toBeInTheDocument();
});

test.each([
  ["its cross", async (user) => user.click(screen.getByRole("button", { name: "Close search" }))],
  ["the overlay", async (user) => user.click(screen.getByTestId("search-overlay"))],
  ["Escape", async (user) => user.keyboard("{Escape}")],
])("closes by %s", async (_, close) => {
  const { user } = renderDrawer({});
  await close(user);
  expect(onClose).toHaveBeenCalled();
});
