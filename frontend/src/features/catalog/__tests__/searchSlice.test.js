import { setupStore } from "../../../app/store";
import {
  flushPromises,
  installDeferredFetch,
  installFakeApi,
  page,
  shoeFixture,
} from "../../../testing/fakeApi";
import { searchCleared, searchShoes } from "../searchSlice";

test("asks for the lower-cased text and keeps the matching shoes as `name`", async () => {
  const calls = installFakeApi({ "GET /shoes": page([shoeFixture({ name: "Air Swift" })], 1) });
  const store = setupStore();
  await store.dispatch(searchShoes("AIR Sw"));
  expect(calls[0].path).toBe("/shoes?limit=10&offset=0&name=air+sw");
  expect(store.getState().search).toMatchObject({ text: "AIR Sw", count: 1, status: "succeeded" });
  expect(store.getState().search.name.map((shoe) => shoe.name)).toEqual(["Air Swift"]);
});

test("a plain-text answer is kept as the text to show", async () => {
  installFakeApi({ "GET /shoes": "Shoe not found" });
  const store = setupStore();
  await store.dispatch(searchShoes("zzz"));
  expect(store.getState().search.name).toBe("Shoe not found");
});

test("an answer to an older text, arriving last, is dropped", async () => {
  const pending = installDeferredFetch();
  const store = setupStore();
  const older = store.dispatch(searchShoes("a"));
  const newer = store.dispatch(searchShoes("ab"));
  await flushPromises();

  pending[1].answer(200, page([shoeFixture({ name: "Abby" })]));
  await newer;
  pending[0].answer(200, page([shoeFixture({ name: "Old" })]));
  await older;

  expect(store.getState().search.text).toBe("ab");
  expect(store.getState().search.name.map((shoe) => shoe.name)).toEqual(["Abby"]);
});

test("emptying the box clears the results and drops an answer still on its way", async () => {
  installFakeApi({ "GET /shoes": page([shoeFixture()]) });
  const store = setupStore();
  const request = store.dispatch(searchShoes("air"));
  store.dispatch(searchCleared());
  await request;
  expect(store.getState().search).toMatchObject({ text: "", name: [], status: "idle" });
});
