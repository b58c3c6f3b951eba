import { describe, expect, it } from "vitest";
import {
  EMPTY_FILE_MESSAGE,
  FILE_NAME_MAX,
  MAX_FILE_BYTES,
  precheckFile,
  TOO_LARGE_MESSAGE,
  uploadFileName,
  WRONG_TYPE_MESSAGE,
} from "./file-checks";

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe("precheckFile: what the page refuses before sending", () => {
  it("lets JPEG, PNG, HEIC and PDF through by MIME type or extension", () => {
    expect(precheckFile(file("passport.jpg", 1000, "image/jpeg"))).toBeNull();
    expect(precheckFile(file("scan.PDF", 1000, "application/pdf"))).toBeNull();
    expect(precheckFile(file("IMG_0001.HEIC", 1000, ""))).toBeNull();
    expect(precheckFile(file("photo", 1000, "image/png"))).toBeNull();
  });

  it("refuses other types with a clear message", () => {
    expect(precheckFile(file("notes.txt", 1000, "text/plain"))).toBe(WRONG_TYPE_MESSAGE);
    expect(precheckFile(file("setup.exe", 1000, "application/pdf"))).toBe(WRONG_TYPE_MESSAGE);
    expect(precheckFile(file("movie.gif", 1000, "image/gif"))).toBe(WRONG_TYPE_MESSAGE);
  });

  it("leaves the content to the server: a text file named .jpg is not refused here", () => {
    expect(precheckFile(file("fake.jpg", 20, "image/jpeg"))).toBeNull();
  });

  it("refuses files over 10 MB and empty files; exactly 10 MB passes", () => {
    expect(precheckFile(file("big.jpg", MAX_FILE_BYTES, "image/jpeg"))).toBeNull();
    expect(precheckFile(file("big.jpg", MAX_FILE_BYTES + 1, "image/jpeg"))).toBe(TOO_LARGE_MESSAGE);
    expect(precheckFile(file("big.jpg", 11 * 1024 * 1024, "image/jpeg"))).toBe(TOO_LARGE_MESSAGE);
    expect(precheckFile(file("empty.png", 0, "image/png"))).toBe(EMPTY_FILE_MESSAGE);
  });
});

describe("uploadFileName", () => {
  it("keeps the base name without control characters", () => {
    expect(uploadFileName("C:\\Users\\ada\\pass\u0000port.jpg")).toBe("passport.jpg");
    expect(uploadFileName("  ")).toBe("document");
  });

  it("shortens long names and keeps the extension", () => {
    const name = uploadFileName(`${"a".repeat(400)}.jpeg`);
    expect(name).toHaveLength(FILE_NAME_MAX);
    expect(name.endsWith(".jpeg")).toBe(true);
  });
});
