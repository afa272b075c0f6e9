// The broadcast page's words, one table per language (en, zh, ja, ko): the
// captions, the rule systems and the time systems each in its own script (计枰点
// in Chinese, 日本ルール in Japanese). board.js and the index only look words up
// here. The language: ?lang=, else the one chosen on a page before (kept in
// the browser), else the browser's own, else English (goboardLanguage).
"use strict";

window.goboardWords = (function () {
  const T = {
    en: {
      html: "en", black: "Black", white: "White", toPlay: (c) => c + " to play",
      move: (n) => "Move " + n, did: { pass: "passes", abandon: "abandons" },
      listed: { pass: "Pass", abandon: "Abandon" },
      captures: "Captures", waiting: "Waiting for a game", waitingBoard: "Waiting for the board…",
      paused: "Paused", gameOver: "Game over", final: "Final", delayed: (s) => "delayed " + s + " s",
      reconnecting: " (reconnecting)",
      end: { "two-passes": "two passes", "four-passes": "four passes", "two-noops": "two no-ops",
             "two-abandons": "two abandons", agreement: "agreement", resign: "resignation",
             void: "no result", time: "time" },
      komi: (k) => "komi " + k,
      units: { points: "points", stones: "stones", lu: "lu" },
      wins: (c) => c + " wins", draw: "Draw", voidGame: "No result",
      paren: (t) => " (" + t + ")", byTime: "on time", byResign: "resignation",
      table: (t) => "Table " + t, live: "Live", of: (k, n) => "Move " + k + " / " + n,
      sgf: "SGF", noMoves: "No moves yet", language: "Language",
      go: { first: "Start", prev: "Back one move", next: "Forward one move", last: "Live" },
      index: { title: "Boards", move: "Move", table: "Table", board: "Board", game: "Game",
               event: "Event", status: "Status", overlay: "Overlay", none: "no board yet",
               wall: "All boards on one page",
               // what each of the pages' options gives (the index lists them)
               hints: { overlay: "an overlay, on any page", coords: "no coordinates",
                       info: "the board alone", side: "no move list",
                       wall: "the boards chosen", sgf: "a board's game as SGF" },
               status_: { waiting: "waiting", playing: "playing", paused: "paused",
                          ended: "play ended", counted: "over" } },
      timeUp: "Time", clockPaused: "clock stopped",
      periods: (n) => n + (n === 1 ? " period" : " periods"), moves: (n) => n + " moves",
      penalty: (n) => "−" + n + " pts",
      rules: { chinese: "Chinese rules", "chinese-1988": "Chinese rules 1988",
               japanese: "Japanese rules", aga: "AGA rules", ing: "Ing rules",
               "new-ing": "New Ing rules", jipingdian: "Jipingdian 计枰点",
               "living-stones": "Living stones 计活子", "tang-song": "Tang-Song 唐宋填空法",
               "ming-qing": "Ming-Qing 明清数子法", "tromp-taylor": "Tromp-Taylor" },
      systems: { absolute: "sudden death", byoyomi: "byo-yomi", canadian: "Canadian",
                 fischer: "Fischer", ing: "Ing timing" },
    },
    zh: {
      html: "zh-CN", black: "黑", white: "白", toPlay: (c) => c + "方行棋",
      move: (n) => "第" + n + "手", did: { pass: "虚着", abandon: "放弃" },
      listed: { pass: "虚着", abandon: "放弃" },
      captures: "提子", waiting: "等待对局", waitingBoard: "等待棋盘…",
      paused: "暂停", gameOver: "终局", final: "结果", delayed: (s) => "延迟" + s + "秒",
      reconnecting: "（重新连接中）",
      end: { "two-passes": "双方虚着", "four-passes": "四次虚着", "two-noops": "两次虚着",
             "two-abandons": "双方放弃", agreement: "双方同意", resign: "中盘认输",
             void: "无胜负", time: "超时" },
      komi: (k) => "贴目" + k,
      units: { points: "点", stones: "子", lu: "路" },
      wins: (c) => c + "胜", draw: "和棋", voidGame: "无胜负",
      paren: (t) => "（" + t + "）", byTime: "超时", byResign: "中盘",
      table: (t) => "第" + t + "台", live: "直播", of: (k, n) => "第" + k + "手 / " + n,
      sgf: "棋谱", noMoves: "尚无着手", language: "语言",
      go: { first: "开局", prev: "后退一手", next: "前进一手", last: "直播" },
      index: { title: "棋盘", move: "手数", table: "台次", board: "棋盘", game: "对局", event: "赛事",
               status: "状态", overlay: "叠加层", none: "尚无棋盘", wall: "所有棋盘",
               hints: { overlay: "叠加层（任何页面）", coords: "不显示坐标",
                       info: "只显示棋盘", side: "不显示着手列表",
                       wall: "选定的棋盘", sgf: "棋盘的棋谱（SGF）" },
               status_: { waiting: "等待", playing: "对局中", paused: "暂停", ended: "终局",
                          counted: "结束" } },
      timeUp: "超时", clockPaused: "停钟",
      periods: (n) => n + "次", moves: (n) => n + "手", penalty: (n) => "罚" + n + "点",
      rules: { chinese: "中国规则", "chinese-1988": "中国规则（1988）", japanese: "日本规则",
               aga: "美国围棋协会规则", ing: "应氏规则", "new-ing": "新应氏规则",
               jipingdian: "计枰点", "living-stones": "计活子", "tang-song": "唐宋填空法",
               "ming-qing": "明清数子法", "tromp-taylor": "特朗普-泰勒规则" },
      systems: { absolute: "包干制", byoyomi: "读秒", canadian: "加拿大读秒", fischer: "费舍尔加秒",
                 ing: "应氏计时" },
    },
    ja: {
      html: "ja", black: "黒", white: "白", toPlay: (c) => c + "番",
      move: (n) => n + "手目", did: { pass: "パス", abandon: "放棄" },
      listed: { pass: "パス", abandon: "放棄" },
      captures: "アゲハマ", waiting: "対局待ち", waitingBoard: "碁盤を待っています…",
      paused: "中断", gameOver: "終局", final: "結果", delayed: (s) => s + "秒遅れ",
      reconnecting: "（再接続中）",
      end: { "two-passes": "双方パス", "four-passes": "パス四回", "two-noops": "無効手二回",
             "two-abandons": "双方放棄", agreement: "合意", resign: "中押し", void: "無勝負",
             time: "時間切れ" },
      komi: (k) => "コミ" + k,
      units: { points: "目", stones: "子", lu: "路" },
      wins: (c) => c + "勝ち", draw: "持碁", voidGame: "無勝負",
      paren: (t) => "（" + t + "）", byTime: "時間切れ", byResign: "中押し",
      table: (t) => t + "番卓", live: "ライブ", of: (k, n) => k + "手目 / " + n,
      sgf: "棋譜", noMoves: "まだ着手なし", language: "言語",
      go: { first: "初手へ", prev: "一手戻る", next: "一手進む", last: "ライブ" },
      index: { title: "碁盤", move: "手数", table: "卓", board: "碁盤", game: "対局", event: "大会",
               status: "状況", overlay: "オーバーレイ", none: "碁盤はまだありません",
               wall: "全碁盤を一画面に",
               hints: { overlay: "オーバーレイ（どのページでも）", coords: "座標なし",
                       info: "碁盤のみ", side: "着手一覧なし",
                       wall: "選んだ碁盤", sgf: "碁盤の棋譜（SGF）" },
               status_: { waiting: "待機", playing: "対局中", paused: "中断", ended: "終局",
                          counted: "終了" } },
      timeUp: "時間切れ", clockPaused: "時計停止",
      periods: (n) => n + "回", moves: (n) => n + "手", penalty: (n) => "罰" + n + "点",
      rules: { chinese: "中国ルール", "chinese-1988": "中国ルール（1988）", japanese: "日本ルール",
               aga: "AGAルール", ing: "応氏ルール", "new-ing": "新応氏ルール",
               jipingdian: "計枰点", "living-stones": "計活子", "tang-song": "唐宋填空法",
               "ming-qing": "明清数子法", "tromp-taylor": "トロンプ・テイラー・ルール" },
      systems: { absolute: "切れ負け", byoyomi: "秒読み", canadian: "カナダ式", fischer: "フィッシャー",
                 ing: "応氏計時" },
    },
    ko: {
      html: "ko", black: "흑", white: "백", toPlay: (c) => c + " 차례",
      move: (n) => n + "수", did: { pass: "패스", abandon: "포기" },
      listed: { pass: "패스", abandon: "포기" },
      captures: "따낸 돌", waiting: "대국 대기", waitingBoard: "바둑판 연결 대기…",
      paused: "일시 정지", gameOver: "종국", final: "결과", delayed: (s) => s + "초 지연",
      reconnecting: " (재연결 중)",
      end: { "two-passes": "양쪽 패스", "four-passes": "패스 네 번", "two-noops": "무효수 두 번",
             "two-abandons": "양쪽 포기", agreement: "합의", resign: "불계", void: "무승부",
             time: "시간패" },
      komi: (k) => "덤 " + k,
      units: { points: "집", stones: "돌", lu: "로" },
      wins: (c) => c + " 승", draw: "무승부", voidGame: "무효",
      paren: (t) => " (" + t + ")", byTime: "시간승", byResign: "불계승",
      table: (t) => t + "번 테이블", live: "생중계", of: (k, n) => k + "수 / " + n,
      sgf: "기보", noMoves: "아직 수가 없습니다", language: "언어",
      go: { first: "처음", prev: "한 수 뒤로", next: "한 수 앞으로", last: "생중계" },
      index: { title: "바둑판", move: "수", table: "테이블", board: "바둑판", game: "대국", event: "대회",
               status: "상태", overlay: "오버레이", none: "아직 바둑판이 없습니다",
               wall: "모든 바둑판을 한 화면에",
               hints: { overlay: "오버레이 (모든 페이지)", coords: "좌표 없음",
                       info: "바둑판만", side: "수 목록 없음",
                       wall: "고른 바둑판", sgf: "바둑판의 기보 (SGF)" },
               status_: { waiting: "대기", playing: "대국 중", paused: "일시 정지", ended: "종국",
                          counted: "종료" } },
      timeUp: "시간패", clockPaused: "시계 정지",
      periods: (n) => n + "회", moves: (n) => n + "수", penalty: (n) => "벌점 " + n,
      rules: { chinese: "중국 규칙", "chinese-1988": "중국 규칙 (1988)", japanese: "일본 규칙",
               aga: "AGA 규칙", ing: "응씨 규칙", "new-ing": "신응씨 규칙",
               jipingdian: "계평점 (计枰点)", "living-stones": "계활자 (计活子)",
               "tang-song": "당송 전공법 (唐宋填空法)", "ming-qing": "명청 수자법 (明清数子法)",
               "tromp-taylor": "트롬프-테일러 규칙" },
      systems: { absolute: "절대 시간", byoyomi: "초읽기", canadian: "캐나다식", fischer: "피셔",
                 ing: "응씨 계시" },
    },
  };
  T.en.name = "English"; T.zh.name = "中文"; T.ja.name = "日本語"; T.ko.name = "한국어";
  const words = function (lang) {
    const key = (lang || "en").toLowerCase();
    return T[key] || T[key.split("-")[0]] || T.en;
  };
  words.codes = ["en", "zh", "ja", "ko"];
  words.names = words.codes.map((c) => [c, T[c].name]);
  return words;
})();

// The page's language: ?lang=, else the choice kept from an earlier page, else the
// first of the browser's languages the page speaks, else English.
window.goboardLanguage = function (params) {
  const known = (l) => {
    const c = String(l || "").toLowerCase().split("-")[0];
    return window.goboardWords.codes.indexOf(c) >= 0 ? c : null;
  };
  let kept = null;
  try { kept = localStorage.getItem("goboard.lang"); } catch (e) { /* storage off */ }
  const asked = known(params.get("lang")) || known(kept);
  if (asked) return asked;
  for (const l of (navigator.languages && navigator.languages.length ? navigator.languages
                   : [navigator.language])) {
    if (known(l)) return known(l);
  }
  return "en";
};

// A language switcher: a <select> whose choice is kept and the page shown again in it.
window.goboardSwitcher = function (select, current) {
  for (const [code, name] of window.goboardWords.names) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    select.appendChild(o);
  }
  select.value = current;
  select.addEventListener("change", () => {
    try { localStorage.setItem("goboard.lang", select.value); } catch (e) { /* storage off */ }
    const u = new URL(location.href);
    if (u.searchParams.has("lang")) u.searchParams.set("lang", select.value);
    location.replace(u.toString());
  });
};
