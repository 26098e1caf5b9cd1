import { act, screen, waitFor, within } from "@testing-library/react";
import { confirmPopup, errorPopup } from "../../../lib/popup";
import { reloadAt } from "../../../lib/reload";
import { installFakeApi, page, reviewFixture, shoeFixture, userRecord } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

jest.mock("../../../lib/popup");
jest.mock("../../../lib/reload");

const UID = userRecord().idUser;
const shoe = shoeFixture({ _id: 7, name: "Air Swift", rating: 3.5, reviewCount: 2 });
const signedIn = { account: { user: userRecord(), status: "signedIn" } };
const visitor = { account: { user: null, status: "signedOut" } };

const mine = reviewFixture({
  _id: 3,
  review: "Great fit",
  rating: 4,
  own: true,
  date: "2026-11-22T10:31:07Z",
});
const theirs = reviewFixture({ _id: 2, review: "Runs small", rating: 3, date: "2026-10-05T08:00:00Z" });

beforeEach(() => jest.clearAllMocks());

async function renderShoe(answers, preloadedState = signedIn) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/7": shoe,
    "GET /reviews/7": page([theirs]),
    [`GET /favorites/${UID}`]: [],
    ...answers,
  });
  const view = renderWithProviders({ path: "/products/7", preloadedState });
  await screen.findByRole("heading", { level: 1, name: "Air Swift" });
  return { ...view, calls };
}

const reviews = () => screen.getByRole("region", { name: "REVIEWS" });
const reviewItems = () => within(reviews()).getAllByRole("listitem");
const bought = () => within(reviews()).getByRole("button", { name: "I already bought them" });
const reviewText = () => within(reviews()).getByRole("textbox", { name: "Your review" });
const star = (name) => within(reviews()).getByRole("button", { name });

describe("the list", () => {
  test("each review with its stars, its day and its author: 'YOU' for the caller, 'ANONYMOUS USER' for anyone else", async () => {
    await renderShoe({ "GET /reviews/7": page([mine, theirs]) });
    await waitFor(() => expect(reviewItems()).toHaveLength(2));
    const [first, second] = reviewItems();
    expect(within(first).getByText("YOU")).toBeInTheDocument();
    expect(within(first).getByText("Great fit")).toBeInTheDocument();
    expect(within(first).getByRole("img", { name: "Rated 4 out of 5" })).toBeInTheDocument();
    expect(within(first).getByText("2026-11-22")).toBeInTheDocument();
    expect(within(second).getByText("ANONYMOUS USER")).toBeInTheDocument();
    expect(within(second).getByText("2026-10-05")).toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
  });

  test("the shoe's average and review count show by its name", async () => {
    await renderShoe({});
    const summary = screen.getByRole("img", { name: "Rated 3.5 out of 5" }).parentElement;
    expect(summary).toHaveTextContent("3.5");
    expect(summary).toHaveTextContent("2 reviews");
  });

  test("a shoe without reviews says so, and shows no average", async () => {
    installFakeApi({});
    await renderShoe({
      "GET /shoes/7": { ...shoe, rating: null, reviewCount: 0 },
      "GET /reviews/7": page([]),
    });
    expect(await within(reviews()).findByText("No reviews yet.")).toBeInTheDocument();
    expect(screen.queryByText(/reviews?$/)).not.toBeInTheDocument();
  });

  test("a long list comes 5 a page", async () => {
    const { user, calls } = await renderShoe({
      "GET /reviews/7": ({ path }) => {
        const offset = Number(new URLSearchParams(path.split("?")[1]).get("offset"));
        const shown = Math.min(5, 7 - offset);
        return page(
          Array.from({ length: shown }, (_, index) =>
            reviewFixture({ review: `Review number ${offset + index + 1}` }),
          ),
          7,
        );
      },
    });
    expect(await within(reviews()).findByText("Review number 5")).toBeInTheDocument();
    const pager = within(reviews()).getByRole("navigation", { name: "Review pages" });
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await within(reviews()).findByText("Review number 7")).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith("/reviews/7")).map((call) => call.path)).toEqual([
      "/reviews/7?limit=5&offset=0",
      "/reviews/7?limit=5&offset=5",
    ]);
  });

  test("a failed load offers to try again", async () => {
    const { user } = await renderShoe({ "GET /reviews/7": [503, { detail: "Busy" }] });
    // The section asks for its reviews once the shoe has shown: the API recovers only after that first load failed.
    const tryAgain = await within(reviews()).findByRole("button", { name: "Try again" });
    installFakeApi({ "GET /reviews/7": page([theirs]) });
    await user.click(tryAgain);
    expect(await within(reviews()).findByText("Runs small")).toBeInTheDocument();
  });

  test("leaving the shoe closes the review being written; the next shoe starts on its first page", async () => {
    const { user, router } = await renderShoe({
      "GET /reviews/7": ({ path }) => page(path.includes("offset=5") ? [theirs] : [mine], 6),
      "GET /shoes/8": shoeFixture({ _id: 8, name: "Cortez" }),
      "GET /reviews/8": page([]),
    });
    await within(reviews()).findByText("Great fit");
    await user.click(within(reviews()).getByRole("button", { name: "Edit" }));
    await user.click(within(within(reviews()).getByRole("navigation")).getByRole("button", { name: "Next" }));
    expect(await within(reviews()).findByText("Runs small")).toBeInTheDocument();

    await act(() => router.navigate("/products/8"));
    expect(await screen.findByRole("heading", { level: 1, name: "Cortez" })).toBeInTheDocument();
    expect(await within(reviews()).findByText("No reviews yet.")).toBeInTheDocument();
    await act(() => router.navigate("/products/7"));
    await screen.findByRole("heading", { level: 1, name: "Air Swift" });
    expect(await within(reviews()).findByText("Great fit")).toBeInTheDocument();
    expect(within(reviews()).queryByRole("textbox")).not.toBeInTheDocument();
  });
});

describe("I already bought them", () => {
  test("a visitor is asked to sign in, and comes back to the shoe", async () => {
    const { user, router, calls } = await renderShoe({}, visitor);
    await user.click(bought());
    expect(await screen.findByRole("heading", { name: "SIGN IN" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Sign in to review the shoes you bought.");
    expect(router.state.location.state).toMatchObject({ from: "/products/7" });
    expect(calls.some((call) => call.path.endsWith("/eligibility"))).toBe(false);
  });

  test("someone who did not buy them reads 'You haven't bought these yet' and gets no form", async () => {
    const { user } = await renderShoe({ "GET /reviews/7/eligibility": { bought: false, reviewed: false } });
    await user.click(bought());
    expect(await within(reviews()).findByText("You haven't bought these yet")).toBeInTheDocument();
    expect(within(reviews()).queryByRole("textbox")).not.toBeInTheDocument();
  });

  test("a buyer who already reviewed them is told to edit instead", async () => {
    const { user } = await renderShoe({ "GET /reviews/7/eligibility": { bought: true, reviewed: true } });
    await user.click(bought());
    expect(
      await within(reviews()).findByText("You already reviewed these shoes; edit your review instead."),
    ).toBeInTheDocument();
  });

  test("the author of a review on the list is not offered a second one", async () => {
    await renderShoe({ "GET /reviews/7": page([mine, theirs]) });
    await within(reviews()).findByText("Great fit");
    expect(
      within(reviews()).queryByRole("button", { name: "I already bought them" }),
    ).not.toBeInTheDocument();
  });
});

describe("writing a review", () => {
  async function openForm(answers = {}) {
    const view = await renderShoe({
      "GET /reviews/7/eligibility": { bought: true, reviewed: false },
      ...answers,
    });
    await view.user.click(bought());
    await within(reviews()).findByRole("textbox", { name: "Your review" });
    return view;
  }

  test("a buyer gets the form: 1 star to start, no Send until the text is long enough, checked as they type", async () => {
    const { user, calls } = await openForm({ "POST /reviews/7": [201, mine] });
    expect(star("1 star")).toHaveAttribute("aria-pressed", "true");
    expect(within(reviews()).queryByRole("button", { name: "Send review" })).not.toBeInTheDocument();
    expect(within(reviews()).queryByRole("alert")).not.toBeInTheDocument();

    await user.type(reviewText(), "Good");
    expect(within(reviews()).getByRole("alert")).toHaveTextContent(
      "Review must contain at least 5 characters.",
    );
    expect(reviewText()).toHaveAttribute("aria-invalid", "true");
    expect(within(reviews()).queryByRole("button", { name: "Send review" })).not.toBeInTheDocument();

    await user.type(reviewText(), " fit");
    expect(
      within(reviews()).queryByText("Review must contain at least 5 characters."),
    ).not.toBeInTheDocument();
    await user.click(star("4 stars"));
    expect(star("4 stars")).toHaveAttribute("aria-pressed", "true");
    expect(star("1 star")).toHaveAttribute("aria-pressed", "false");
    await user.click(within(reviews()).getByRole("button", { name: "Send review" }));

    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/products/7"));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/reviews/7",
      body: { review: "Good fit", rating: 4 },
    });
  });

  test("Cancel closes the form and brings the button back", async () => {
    const { user } = await openForm();
    await user.click(within(reviews()).getByRole("button", { name: "Cancel" }));
    expect(within(reviews()).queryByRole("textbox")).not.toBeInTheDocument();
    expect(bought()).toBeInTheDocument();
  });

  test("a second review is refused with the shop's words", async () => {
    const { user } = await openForm({
      "POST /reviews/7": [
        409,
        { detail: "You already reviewed these shoes; edit your review instead.", code: "already_reviewed" },
      ],
    });
    await user.type(reviewText(), "Great fit");
    await user.click(within(reviews()).getByRole("button", { name: "Send review" }));
    expect(await within(reviews()).findByRole("alert")).toHaveTextContent(
      "You already reviewed these shoes; edit your review instead.",
    );
    expect(reloadAt).not.toHaveBeenCalled();
  });

  test("a buyer the shop does not know as one reads 'You haven't bought these yet'", async () => {
    const { user } = await openForm({
      "POST /reviews/7": [403, { detail: "You haven't bought these yet", code: "not_a_buyer" }],
    });
    await user.type(reviewText(), "Great fit");
    await user.click(within(reviews()).getByRole("button", { name: "Send review" }));
    expect(await within(reviews()).findByText("You haven't bought these yet")).toBeInTheDocument();
    expect(within(reviews()).queryByRole("textbox")).not.toBeInTheDocument();
  });
});

describe("the author's own review", () => {
  async function renderOwn(answers = {}) {
    const view = await renderShoe({ "GET /reviews/7": page([mine, theirs]), ...answers });
    await within(reviews()).findByText("Great fit");
    return { ...view, own: reviewItems()[0] };
  }

  test("Edit opens it with its text and stars; the update's own message; saving reloads the page", async () => {
    const { user, own, calls } = await renderOwn({
      "PUT /reviews/exact/3": { ...mine, review: "Even better", rating: 5 },
    });
    await user.click(within(own).getByRole("button", { name: "Edit" }));
    const text = within(own).getByRole("textbox", { name: "Your review" });
    expect(text).toHaveValue("Great fit");
    expect(within(own).getByRole("button", { name: "4 stars" })).toHaveAttribute("aria-pressed", "true");
    expect(within(own).getByRole("button", { name: "Save changes" })).toBeInTheDocument();

    await user.clear(text);
    await user.type(text, "Meh");
    expect(within(own).getByRole("alert")).toHaveTextContent(
      "Review update must contain at least 5 characters.",
    );
    expect(within(own).queryByRole("button", { name: "Save changes" })).not.toBeInTheDocument();

    await user.clear(text);
    await user.type(text, "Even better");
    await user.click(within(own).getByRole("button", { name: "5 stars" }));
    await user.click(within(own).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/products/7"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/reviews/exact/3",
      body: { review: "Even better", rating: 5 },
    });
  });

  test("an edit the shop refuses says why and does not reload", async () => {
    const { user, own } = await renderOwn({ "PUT /reviews/exact/3": [403, { code: "not_your_review" }] });
    await user.click(within(own).getByRole("button", { name: "Edit" }));
    await user.click(within(own).getByRole("button", { name: "Save changes" }));
    expect(await within(own).findByRole("alert")).toHaveTextContent("Only its author can change a review.");
    expect(reloadAt).not.toHaveBeenCalled();
  });

  test("Delete asks first, then deletes and reloads the page", async () => {
    confirmPopup.mockResolvedValue(true);
    const { user, own, calls } = await renderOwn({ "DELETE /reviews/exact/3": [204] });
    await user.click(within(own).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/products/7"));
    expect(confirmPopup).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Are you sure?", text: "You won't be able to revert this!" }),
    );
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({ path: "/reviews/exact/3" });
  });

  test("Delete answered no keeps the review", async () => {
    confirmPopup.mockResolvedValue(false);
    const { user, own, calls } = await renderOwn();
    await user.click(within(own).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(confirmPopup).toHaveBeenCalled());
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  test("a delete the shop refuses says why", async () => {
    confirmPopup.mockResolvedValue(true);
    const { user, own } = await renderOwn({
      "DELETE /reviews/exact/3": [404, { detail: "Not found.", code: "not_found" }],
    });
    await user.click(within(own).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Not found."));
    expect(reloadAt).not.toHaveBeenCalled();
  });
});
