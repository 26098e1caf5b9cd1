import { activityFilters, actorLabel, changeLines, recordLabel, valueLabel, whenLabel } from "../activity";

describe("activityFilters", () => {
  test("keeps the filters that are set, without their outer spaces", () => {
    expect(activityFilters({ actor: "  ada ", kind: "", record: "shoe:12" })).toEqual({
      actor: "ada",
      record: "shoe:12",
    });
  });

  test("nothing set is no filter", () => {
    expect(activityFilters({ actor: "   " })).toEqual({});
    expect(activityFilters()).toEqual({});
  });
});

describe("who, when and which record", () => {
  test("the name then, else the address, else a command's name", () => {
    expect(actorLabel({ actorName: "Ada", actorEmail: "ada@example.com" })).toBe("Ada");
    expect(actorLabel({ actorName: "", actorEmail: "ada@example.com" })).toBe("ada@example.com");
    expect(actorLabel({ actorName: "command set_user_status", actorEmail: "" })).toBe(
      "command set_user_status",
    );
    expect(actorLabel({ actorName: "", actorEmail: "" })).toBe("someone");
  });

  test("when, in UTC to the second", () => {
    expect(whenLabel("2026-11-27T23:57:04.123456Z")).toBe("2026-11-27 23:57:04");
  });

  test("the record's type and id, then its name", () => {
    expect(recordLabel({ recordType: "shoe", recordId: "12", recordLabel: "Acme Runner" })).toBe(
      "shoe #12 Acme Runner",
    );
    expect(recordLabel({ recordType: "", recordId: "", recordLabel: "shoes.csv" })).toBe("shoes.csv");
  });
});

describe("changeLines", () => {
  test("each field before → after, in the order of after", () => {
    expect(changeLines({ status: "Enabled", manager: false }, { manager: true, status: "Disabled" })).toEqual(
      [
        { field: "manager", before: "false", after: "true" },
        { field: "status", before: "Enabled", after: "Disabled" },
      ],
    );
  });

  test("a creation has no before, a delete no after", () => {
    expect(changeLines(null, { name: "Zed" })).toEqual([{ field: "name", before: "—", after: "Zed" }]);
    expect(changeLines({ name: "Zed" }, null)).toEqual([{ field: "name", before: "Zed", after: "—" }]);
  });

  test("values written plainly: none, empty text, numbers, objects", () => {
    expect(valueLabel(null)).toBe("—");
    expect(valueLabel("")).toBe('""');
    expect(valueLabel(8000)).toBe("8000");
    expect(valueLabel({ "Runner size 9": 2 })).toBe('{"Runner size 9":2}');
  });

  test("a line with no values has no lines", () => {
    expect(changeLines(null, null)).toEqual([]);
  });
});
