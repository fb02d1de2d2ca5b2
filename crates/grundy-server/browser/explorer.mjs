// The explorer page in Debian's headless Chromium, driven by
// playwright-core: analyze 0.77 (period 12 from 71, proved, and the
// plot), evaluate Kayles sums (3 4 7 is P; 9 4 has winning moves), then
// play Kayles from a heap of 10 to the end, the human always taking the
// first move listed: when the human leaves an N-position the engine must
// win; saves a screenshot; then a graph of the user's own with a cycle:
// a draw, evaluated, hinted and held by the engine.
// Usage: node explorer.mjs http://127.0.0.1:PORT SHOT.png
import { chromium } from "playwright-core";

const [base, shot] = process.argv.slice(2);
const fail = (message) => { console.error("FAIL: " + message); process.exit(1); };

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  page.setDefaultTimeout(15000);
  await page.goto(base + "/");
  await page.fill("#spec", "0.77");
  await page.fill("#count", "1000");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("period"));
  const period = await page.textContent("#period");
  if (!period.includes("period 12 from 71") || !period.includes("proved")) fail("period text: " + period);
  // Kayles' last exception is at 70 (Guy and Smith); the list comes from
  // the same analysis as the CLI's analyze.
  const exceptions = await page.textContent("#exceptions");
  if (!/exceptions before the period: .*\b70$|exceptions before the period: .*\b70;/.test(exceptions)) fail("exceptions: " + exceptions);
  const dots = await page.locator("#plot circle").count();
  if (dots !== 1000) fail("the plot has " + dots + " points");
  const analyzed = await (await fetch(base + "/api/analyze?game=0.77&n=1000")).json();
  const hover = await page.locator("#plot circle").nth(71).locator("title").textContent();
  if (hover !== "G(71) = " + analyzed.values[71]) fail("hover text: " + hover);
  // Item 15: the plot has axes, ticks with labels, the axis names, a
  // readout of (n, G(n)) under the pointer, and zooms with the wheel.
  const ticks = await page.locator("#plot .tick-label").allTextContents();
  if (ticks.length < 5 || !ticks.includes("0")) fail("tick labels: " + ticks);
  const labels = await page.locator("#plot .axis-label").allTextContents();
  if (!labels.includes("n") || !labels.includes("G(n)")) fail("axis labels: " + labels);
  await page.locator("#plot circle").nth(71).hover();
  const readout = await page.textContent("#plot-readout");
  if (readout !== "(n, G(n)) = (71, " + analyzed.values[71] + ")") fail("readout: " + readout);
  await page.mouse.wheel(0, -100);
  const zoomed = await page.locator("#plot circle").count();
  if (!(zoomed < 1000 && zoomed > 10)) fail("the wheel zooms: " + zoomed + " points shown");
  await page.dblclick("#plot .axis-label >> nth=0");
  if ((await page.locator("#plot circle").count()) !== 1000) fail("a double-click shows every n again");

  await page.fill("#position", "3 4 7");
  await page.click("#eval");
  await page.waitForSelector("#eval-outcome");
  if ((await page.textContent("#eval-outcome")) !== "P") fail("3 4 7 should be P");
  await page.fill("#position", "9 4");
  await page.click("#eval");
  await page.waitForFunction(() => document.getElementById("eval-value")?.textContent === "5");
  const moves = await page.locator("#winning-moves li").allTextContents();
  if (moves.length === 0) fail("9 4 has winning moves");
  console.log("winning moves of 9 + 4:", moves.join("; "));

  // Kayles analysed and a sum of it evaluated before the game, so that
  // the screenshot (docs/explorer.png) shows every panel filled.
  await page.fill("#spec", "kayles");
  await page.click("#analyze");
  await page.waitForFunction(() => /proved/.test(document.getElementById("period").textContent));
  await page.fill("#position", "9 4");
  await page.click("#eval");
  await page.waitForFunction(() => document.getElementById("eval-value")?.textContent === "5");
  await page.fill("#play-position", "10");
  await page.click("#play-start");
  await page.waitForSelector("#your-moves button");
  await page.click("#hint");
  const hint = await page.textContent("#play-status");
  if (!hint.startsWith("Hint:")) fail("hint: " + hint);

  for (let turn = 0; turn < 20; turn++) {
    const before = await page.locator("#play-log li").count();
    await page.locator("#your-moves button").first().click();
    await page.waitForFunction((n) => {
      const status = document.getElementById("play-status").textContent;
      return document.querySelectorAll("#play-log li").length > n && !status.includes("…");
    }, before);
    const status = await page.textContent("#play-status");
    if (status.includes("engine wins") || status.includes("you win")) {
      console.log("play ended:", status);
      break;
    }
  }
  const status = await page.textContent("#play-status");
  const log = await page.locator("#play-log li").allTextContents();
  console.log(log.join("\n"));
  // The first human move: whether it left an N-position, by the API.
  const first = log[0].replace(/^you: /, "");
  const start = await (await fetch(base + "/api/moves?game=kayles&position=10")).json();
  const chosen = start.moves.find((m) => m.description === first);
  if (!chosen) fail("the first move is not among the moves of 10: " + first);
  const engineShouldWin = !chosen.wins;
  if (engineShouldWin && !status.includes("engine wins")) fail("the engine lost from an N-position: " + status);
  if (!engineShouldWin && !status.includes("you win")) fail("the human's winning first move should win: " + status);

  // The screenshot shows the Kayles game just played.
  await page.screenshot({ path: shot, fullPage: true });

  // A graph of the user's own, with a cycle: p and q move to each other,
  // so p is a draw; the engine keeps the draw.
  await page.fill("#spec", "graph");
  await page.click("#graph-box summary");
  await page.fill("#graph-text", "p: q\nq: p");
  await page.fill("#position", "p");
  await page.click("#eval");
  await page.waitForFunction(() => document.getElementById("eval-outcome")?.textContent === "D");
  await page.fill("#play-position", "p");
  await page.click("#play-start");
  await page.waitForSelector("#your-moves button");
  await page.click("#hint");
  const drawHint = await page.textContent("#play-status");
  if (!drawHint.includes("keeps the draw")) fail("draw hint: " + drawHint);
  await page.locator("#your-moves button").first().click();
  await page.waitForFunction(() => document.getElementById("play-status").textContent.includes("holds the draw"));
  console.log("graph of one's own: p is a draw, and the engine holds it");

  // A game of the user's own in Rhai (the page's default script: a king
  // walking to the corner), sent with each request: (7,7) is an
  // N-position (both coordinates odd), with three moves to play.
  await page.fill("#spec", "script");
  await page.click("#script-box summary");
  await page.fill("#position", "(7,7)");
  await page.click("#eval");
  await page.waitForFunction(() => document.getElementById("eval-outcome")?.textContent === "N");
  await page.fill("#play-position", "(7,7)");
  await page.click("#play-start");
  await page.waitForSelector("#your-moves button");
  const kingMoves = await page.locator("#your-moves button").count();
  if (kingMoves !== 3) fail("the king's moves from (7,7): " + kingMoves);
  console.log("a game of one's own in Rhai: evaluated and played");

  // A Wythoff position beyond the search: the outcome by the theorem, and
  // the one winning move, to the third Wythoff pair (4,7).
  await page.fill("#spec", "wythoff");
  await page.fill("#position", "(1000000000000,7)");
  await page.click("#eval");
  await page.waitForFunction(() => document.getElementById("eval-outcome")?.textContent === "N");
  const theorem = await page.textContent("#eval-result");
  if (!theorem.includes("Wythoff's theorem")) fail("the theorem is named: " + theorem);
  const wythoffMoves = await page.locator("#winning-moves li").allTextContents();
  if (wythoffMoves.length !== 1 || !wythoffMoves[0].includes("leaving (4,7)")) fail("wythoff moves: " + wythoffMoves);
  console.log("wythoff (10^12,7) by the theorem:", wythoffMoves[0]);

  // Issue 26 item 14: every panel belongs to the game that filled it. An
  // analysis, an eval error (its caret kept: white-space pre-wrap) and a
  // game in play for Kayles; then the game becomes wythoff, and nothing
  // of Kayles is left; a new Analyze does not keep an old game's error.
  await page.fill("#spec", "kayles");
  await page.fill("#count", "1000");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("period 12"));
  await page.fill("#position", "3 x");
  await page.click("#eval");
  await page.waitForSelector("#eval-result .error");
  const whiteSpace = await page.$eval("#eval-result .error", (e) => getComputedStyle(e).whiteSpace);
  if (!whiteSpace.startsWith("pre")) fail("an error keeps its layout (white-space): " + whiteSpace);
  await page.fill("#play-position", "5");
  await page.click("#play-start");
  await page.waitForSelector("#your-moves button");
  await page.fill("#spec", "wythoff");
  const left = await page.evaluate(() => ({
    period: document.getElementById("period").textContent,
    values: document.getElementById("values").textContent,
    dots: document.querySelectorAll("#plot circle").length,
    eval: document.getElementById("eval-result").textContent,
    moves: document.querySelectorAll("#your-moves button").length,
    log: document.querySelectorAll("#play-log li").length,
  }));
  if (left.period || left.values || left.dots || left.eval || left.moves || left.log) {
    fail("panels of the old game left after switching: " + JSON.stringify(left));
  }
  await page.fill("#spec", "kayles");
  await page.fill("#position", "3 x");
  await page.click("#eval");
  await page.waitForSelector("#eval-result .error");
  await page.fill("#spec", "0.07");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("period"));
  if (await page.textContent("#eval-result")) fail("an eval error of another game survived a new Analyze");
  console.log("switching games clears every panel");

  // Item 15: the game's description is shown; one component's value
  // reads once ("value 14", not "value 14 = 14"); a period not found is
  // said once.
  const aboutText = await page.textContent("#about");
  if (!aboutText.includes("Dawson's Kayles")) fail("#about for 0.07: " + aboutText);
  await page.fill("#spec", "nim");
  await page.fill("#position", "14");
  await page.click("#eval");
  await page.waitForSelector("#eval-value");
  const single = await page.textContent("#eval-result");
  if (single.includes("14 = 14") || !single.includes("value 14")) fail("one component: " + single);
  if (!(await page.textContent("#about")).includes("Nim")) fail("#about for nim");
  await page.fill("#spec", "grundy");
  await page.fill("#count", "200");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("no period"));
  const none = await page.textContent("#period");
  if (none.split("no period found").length !== 2) fail("said once: " + none);
  console.log("the description, one value and no period read once");
  // 0.2048 has no period but a ruler regularity, said as observed.
  await page.fill("#spec", "0.2048");
  await page.fill("#count", "1000");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("ruler"));
  const ruler = await page.textContent("#period");
  if (!ruler.includes("observed, not proved") || !ruler.includes("(mod 13)")) fail("ruler: " + ruler);
  console.log("a ruler regularity is shown as observed");

  // A game on two coordinates: a heat map of its table instead of "not a
  // heap game"; Wythoff's (1,2) is a P-position.
  await page.fill("#spec", "wythoff");
  await page.click("#analyze");
  await page.waitForSelector("#heat-map");
  const cell = await page.$eval("#heat-map tr:nth-child(3) td:nth-child(4)", (td) => td.title);
  if (cell !== "G(1,2) = 0") fail("heat map cell: " + cell);
  if (!(await page.textContent("#period")).includes("table")) fail("the table is said");
  console.log("wythoff's table as a heat map");

  // A board has no values of heaps: the API says so by key
  // (not_applicable), and the page says what applies instead.
  await page.fill("#spec", "cram");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("not heaps"));
  if ((await page.getAttribute("#period", "class") || "").includes("error")) fail("cram's analysis is shown as an error");
  console.log("a board's analysis says what applies to it");

  // The misère cap is said on the page: more values than it are refused
  // with the limit, and within it they are shown.
  await page.fill("#spec", "kayles");
  await page.fill("#count", "1000");
  await page.selectOption("#convention", "misere");
  await page.click("#analyze");
  await page.waitForFunction(() => document.getElementById("period").textContent.includes("256"));
  const capped = await page.textContent("#period");
  if (!capped.includes("limit of 256")) fail("the misère cap: " + capped);
  await page.fill("#count", "40");
  await page.click("#analyze");
  await page.waitForFunction(() => document.querySelectorAll("#plot circle").length === 40);
  await page.selectOption("#convention", "normal");
  console.log("the misère cap is said");

  // Item 15: the play panel draws the position and takes a click on it.
  // Nim 3 + 5: two rows of tokens; a click on the third token of the heap
  // of 5 takes it and those to its right, the one move leaving 3 + 2.
  const waitReply = async (n) => page.waitForFunction((k) => {
    const status = document.getElementById("play-status").textContent;
    return document.querySelectorAll("#play-log li").length > k && !status.includes("…");
  }, n);
  await page.fill("#spec", "nim");
  await page.fill("#play-position", "3 5");
  await page.click("#play-start");
  await page.waitForSelector("#play-view .component");
  const tokens = await page.$$eval("#play-view .component", (rows) => rows.map((r) => r.querySelectorAll("button.token").length));
  if (JSON.stringify(tokens) !== "[3,5]") fail("nim 3 + 5 drawn as tokens: " + JSON.stringify(tokens));
  await page.locator("#play-view .component").nth(1).locator("button.token").nth(2).click();
  await waitReply(0);
  const nimStart = await (await fetch(base + "/api/moves?game=nim&position=3%205")).json();
  const toThreeTwo = nimStart.moves.find((m) => m.position.join(" ") === "3 2");
  const nimLog = await page.locator("#play-log li").allTextContents();
  if (nimLog[0] !== "you: " + toThreeTwo.description) fail("a click on a token: " + nimLog[0]);
  // Ruler THHTH: coins drawn H/T; a click on coin 3 marks every move
  // whose rightmost coin is coin 3 (several), found the same way from the
  // API's moves.
  await page.fill("#spec", "ruler");
  await page.fill("#play-position", "THHTH");
  await page.click("#play-start");
  await page.waitForSelector("#play-view button.coin");
  const coins = await page.$$eval("#play-view button.coin", (bs) => bs.map((b) => b.textContent).join(""));
  if (coins !== "THHTH") fail("coins drawn: " + coins);
  await page.locator("#play-view button.coin").nth(2).click();
  const rulerMoves = (await (await fetch(base + "/api/moves?game=ruler&position=THHTH")).json()).moves;
  const expected = rulerMoves.filter((m) => {
    const after = m.to.length ? m.to[0].padEnd(5, "T") : "TTTTT";
    return after[2] === "T" && after.slice(3) === "TH";
  }).length;
  const marked = await page.locator("#your-moves button.candidate").count();
  if (expected < 2 || marked !== expected) fail("coin 3 marks " + marked + " moves, expected " + expected);
  // Wythoff (3,5): a grid; a click on the cell (1,5) makes that move.
  await page.fill("#spec", "wythoff");
  await page.fill("#play-position", "(3,5)");
  await page.click("#play-start");
  await page.waitForSelector("#play-view table.pair");
  await page.click("#play-view td[title='(1,5)']");
  await waitReply(0);
  const wythoffLog = await page.locator("#play-log li").allTextContents();
  if (!wythoffLog[0].includes("leaving (1,5)")) fail("a click on a cell: " + wythoffLog[0]);
  // A typed move: the position it leaves, in any order.
  await page.fill("#spec", "kayles");
  await page.fill("#play-position", "4 3");
  await page.click("#play-start");
  await page.waitForSelector("#play-view .component");
  await page.fill("#typed-move", "3 + 3");
  await page.press("#typed-move", "Enter");
  await waitReply(0);
  const typedLog = await page.locator("#play-log li").allTextContents();
  if (typedLog[0] !== "you: from the heap of 4 take 1, leaving a heap of 3") fail("a typed move: " + typedLog[0]);
  console.log("the play panel draws heaps, coins and pairs and takes clicks and typed moves");
  // Boards and graphs are drawn (SVG) and take clicks: Cram 2x3, a1 then
  // b1 lays that domino; Chomp 3x3, b2; Node Kayles on path:3 (drawn from
  // the edges the server writes), vertex 1; Green Hackenbush, an edge.
  const playOn = async (spec, position, selector) => {
    await page.fill("#spec", spec);
    await page.fill("#play-position", position);
    await page.click("#play-start");
    await page.waitForSelector(selector);
  };
  await playOn("cram", "2x3", "#play-view svg.board rect[data-square='a1']");
  const cells = await page.locator("#play-view svg.board rect").count();
  if (cells !== 6) fail("cram 2x3 drawn with " + cells + " squares");
  await page.click("#play-view svg.board rect[data-square='a1']");
  const covering = await page.locator("#your-moves button.candidate").count();
  if (covering !== 2) fail("a1 of cram 2x3 marks " + covering + " dominoes, expected 2");
  await page.click("#play-view svg.board rect[data-square='b1']");
  await waitReply(0);
  const cramLog = await page.locator("#play-log li").allTextContents();
  if (!cramLog[0].startsWith("you: domino a1-b1")) fail("two squares of a cram board: " + cramLog[0]);
  await playOn("chomp", "3x3", "#play-view svg.board rect[data-square='b2']");
  if (await page.locator("#play-view svg.board rect.poison").count() !== 1) fail("chomp's poisoned square is not drawn");
  await page.click("#play-view svg.board rect[data-square='b2']");
  await waitReply(0);
  const chompLog = await page.locator("#play-log li").allTextContents();
  if (!chompLog[0].startsWith("you: take b2 ")) fail("a square of chomp: " + chompLog[0]);
  await playOn("node-kayles", "path:3", "#play-view svg.graph circle[data-vertex='1']");
  if (await page.locator("#play-view svg.graph g.edge").count() !== 2) fail("path:3 is not drawn with 2 edges");
  await page.click("#play-view svg.graph circle[data-vertex='1']");
  await waitReply(0);
  const kaylesLog = await page.locator("#play-log li").allTextContents();
  if (!kaylesLog[0].startsWith("you: take vertex 1 ")) fail("a vertex of node kayles: " + kaylesLog[0]);
  // Moves are named and drawn in the position's own frame, every one
  // listed: path:7's vertex 5 (the mirror of 1) is a move, the Petersen
  // graph's ten buttons name ten vertices, Chomp 4x5 after a2 is a bar of
  // one row of 5 (not turned into a column), Cram 3x4's buttons after a
  // domino each name a different domino.
  await playOn("node-kayles", "path:7", "#play-view svg.graph circle[data-vertex='5']");
  await page.click("#play-view svg.graph circle[data-vertex='5']");
  await waitReply(0);
  const pathLog = await page.locator("#play-log li").allTextContents();
  if (!pathLog[0].startsWith("you: take vertex 5 with its neighbours 4, 6, leaving v4/0-1,1-2,2-3")) fail("vertex 5 of path:7: " + pathLog[0]);
  await playOn("node-kayles", "petersen", "#play-view svg.graph circle[data-vertex='9']");
  const petersenButtons = await page.locator("#your-moves button").allTextContents();
  if (new Set(petersenButtons).size !== 10) fail("the Petersen graph's moves: " + JSON.stringify(petersenButtons));
  await playOn("chomp", "4x5", "#play-view svg.board rect[data-square='a2']");
  await page.click("#play-view svg.board rect[data-square='a2']");
  await waitReply(0);
  const barLog = await page.locator("#play-log li").allTextContents();
  if (!barLog[0].startsWith("you: take a2 and every square below and right of it, leaving 1x5")) fail("a2 of chomp 4x5: " + barLog[0]);
  await playOn("cram", "3x4", "#play-view svg.board rect[data-square='a1']");
  await page.click("#play-view svg.board rect[data-square='a1']");
  await page.click("#play-view svg.board rect[data-square='b1']");
  await waitReply(0);
  const cramButtons = await page.locator("#your-moves button").allTextContents();
  if (new Set(cramButtons).size !== cramButtons.length) fail("cram 3x4 after a1-b1 names a domino twice: " + JSON.stringify(cramButtons));
  console.log("moves are named and drawn in the position's own frame: path:7, petersen, chomp 4x5, cram 3x4");
  // A stalk stands upright: its edges' boxes have no width, so the click
  // is sent to the edge rather than at a point.
  await page.fill("#spec", "green-hackenbush");
  await page.fill("#play-position", "stalk:2");
  await page.click("#play-start");
  await page.waitForSelector("#play-view svg.graph g.edge[data-edge='1-2']", {state: "attached"});
  await page.locator("#play-view svg.graph g.edge[data-edge='1-2']").dispatchEvent("click");
  await waitReply(0);
  const hackenbushLog = await page.locator("#play-log li").allTextContents();
  if (!hackenbushLog[0].startsWith("you: cut edge 1-2")) fail("an edge of hackenbush: " + hackenbushLog[0]);
  console.log("boards and graphs are drawn and take clicks: cram, chomp, node kayles, green hackenbush");
  // A sum of different games (issue 54): each component drawn as its game
  // is (a heap's tokens, a Cram board), the moves named with their game
  // and judged for the whole sum as /api/moves judges them; a click on
  // the board plays in the Cram game, the engine replies, and the game
  // the position is sent with follows the answer.
  await page.fill("#spec", "kayles");
  await page.fill("#play-position", "1 + cram 2x3 + nim 3");
  await page.click("#play-start");
  await page.waitForSelector("#play-view svg.board rect[data-square='a1']");
  const mixedRows = await page.locator("#play-view .component").count();
  if (mixedRows !== 3) fail("kayles 1 + cram 2x3 + nim 3 drawn as " + mixedRows + " components");
  const mixedTokens = await page.locator("#play-view .component button.token").count();
  if (mixedTokens !== 4) fail("the heaps of kayles 1 + nim 3 drawn with " + mixedTokens + " tokens");
  const mixedStart = await (await fetch(base + "/api/moves?game=kayles&position=" + encodeURIComponent("1 + cram 2x3 + nim 3"))).json();
  const mixedButtons = await page.locator("#your-moves button").allTextContents();
  if (JSON.stringify(mixedButtons) !== JSON.stringify(mixedStart.moves.map((m) => m.description))) fail("the mixed sum's moves: " + JSON.stringify(mixedButtons));
  await page.click("#hint");
  const mixedHint = await page.textContent("#play-status");
  const winning = mixedStart.moves.find((m) => m.wins);
  if (!winning || !mixedHint.includes(winning.description)) fail("the mixed sum's hint: " + mixedHint);
  await page.click("#play-view svg.board rect[data-square='a1']");
  await page.click("#play-view svg.board rect[data-square='b1']");
  await waitReply(1);
  const mixedLog = await page.locator("#play-log li").allTextContents();
  if (!mixedLog[0].startsWith("you: cram: domino a1-b1")) fail("a domino of the mixed sum: " + mixedLog[0]);
  if (!mixedLog[1].startsWith("engine: ")) fail("the engine's reply in the mixed sum: " + mixedLog[1]);
  const mixedBoard = await page.textContent("#play-board");
  if (!/cram [.#]+\/[.#]+/.test(mixedBoard)) fail("the mixed sum after a1-b1: " + mixedBoard);
  console.log("a sum of different games is drawn per game, judged for the whole and played: " + mixedBoard);
  // The server's database (.ci/run starts it with --db, a solve of the
  // state space of Cram 3x4): the totals shown are the API's, and a
  // position looked up shows the API's answer (the CLI's grundy db is
  // held to the same answer by crates/grundy-cli/tests/agreement.rs).
  await page.waitForSelector("#db-box:not([hidden])");
  const totals = (await (await fetch(base + "/api/db")).json()).summary;
  const about = await page.textContent("#db-about");
  if (!about.startsWith(totals.vertices + " positions solved (" + totals.p_positions + " P")) fail("database totals: " + about);
  await page.fill("#db-position", "3x4");
  await page.click("#db-look");
  await page.waitForSelector("#db-outcome");
  const answer = (await (await fetch(base + "/api/db?position=3x4")).json()).vertices[0];
  const shown = [await page.textContent("#db-value"), await page.textContent("#db-outcome")];
  if (shown[0] !== String(answer.value) || shown[1] !== answer.outcome || answer.outcome !== "N") fail("3x4 in the database: " + shown + " against " + JSON.stringify(answer));
  await page.fill("#db-position", "9x9");
  await page.click("#db-look");
  await page.waitForFunction(() => document.getElementById("db-result").textContent.includes("no vertex '9x9'"));
  console.log("the server's database: totals and a position's answer as /api/db gives them");
  console.log("browser test passed; screenshot " + shot);
} finally {
  await browser.close();
}
