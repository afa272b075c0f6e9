// Reads SGF files with Sabaki's parser (@sabaki/sgf) and prints, per file, one JSON
// line: the root's properties and the main line's nodes (each node's properties as
// Sabaki's parser gives them: a list of strings per property). Used by the tests as
// an independent reader of what goboard writes. Usage: node read.js FILE.sgf...
"use strict";
const sgf = require("@sabaki/sgf");

for (const path of process.argv.slice(2)) {
  const trees = sgf.parseFile(path);
  const root = trees[0];
  const line = [];
  let node = root.children[0];
  while (node) {
    line.push(node.data);
    node = node.children[0];
  }
  process.stdout.write(JSON.stringify({ file: path, games: trees.length, root: root.data,
                                        nodes: line }) + "\n");
}
