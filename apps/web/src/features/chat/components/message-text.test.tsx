import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText, messageParts } from "./message-text";

describe("a message's text", () => {
  it("links the web addresses written in it, leaving a sentence's end out of them", () => {
    render(<MessageText text="Trip notes at https://example.com/trip?day=2. And http://x.io, too!" />);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.com/trip?day=2",
      "http://x.io/",
    ]);
    expect(links[0]).toHaveTextContent("https://example.com/trip?day=2");
    expect(links[0]).toHaveAttribute("target", "_blank");
    expect(links[0]).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
    // The words around them are kept as written.
    expect(links[0]?.parentElement).toHaveTextContent(
      "Trip notes at https://example.com/trip?day=2. And http://x.io, too!",
    );
  });

  it("links an address written from www. as a secure one, and no bare www. that names no site", () => {
    render(
      <MessageText text="Try www.test.org/menu, or WWW.Example.co.uk. Not www. or www.hello or awww.test.org" />,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://www.test.org/menu",
      "https://www.example.co.uk/",
    ]);
    expect(links.map((link) => link.textContent)).toEqual(["www.test.org/menu", "WWW.Example.co.uk"]);
  });

  it("leaves a www. inside an e-mail address or another host as text", () => {
    render(<MessageText text="Mail bob@www.example.com or see mail.www.example.com" />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("links nothing that is not a web address, and shows markup as text", () => {
    render(<MessageText text={'javascript:alert(1) <b>hi</b> ftp://x.org "https://"'} />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByText(/<b>hi<\/b>/)).toBeInTheDocument();
  });

  it("leaves as text an address that hides where it goes behind a name before its host", () => {
    render(<MessageText text="Log in at https://bank.example@evil.example/login now" />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("leaves a long run of closing punctuation out of the address (read from its end, not backtracked)", () => {
    expect(messageParts(`see https://a.b/c${".".repeat(3000)}`)[1]?.text).toBe("https://a.b/c");
    expect(messageParts(`https://a.b/${".".repeat(3988)}a`)[0]?.text).toBe(
      `https://a.b/${".".repeat(3988)}a`,
    );
  });

  it("keeps every character of the text, in order", () => {
    const text = "a https://a.b/c) b\nhttps://d.e end";
    expect(
      messageParts(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
    expect(messageParts(text).filter((part) => part.href)).toHaveLength(2);
  });
});
