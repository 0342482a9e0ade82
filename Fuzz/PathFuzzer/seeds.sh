#!/usr/bin/env bash
# Writes the path fuzzer's seed corpus into the directory given as $1: RFC 6901 pointers (plain and fragment),
# key paths and RFC 9535 queries against the fuzzer's fixed document, normalized paths, and RFC 6902 patches
# (appendix A cases as {"doc", "patch"} objects, and patches for the fixed document).
set -euo pipefail
dir=$1
n=0
seed() {
  n=$((n + 1))
  printf '%s' "$1" >"$dir/seed-$n"
}

# RFC 6901 section 5 and 6.
for s in '' '/foo' '/foo/0' '/' '/a~1b' '/c%d' '/e^f' '/g|h' '/i\j' '/k"l' '/ ' '/m~0n' \
  '#' '#/foo' '#/foo/0' '#/' '#/a~1b' '#/c%25d' '#/e%5Ef' '#/g%7Ch' '#/i%5Cj' '#/k%22l' '#/%20' '#/m~0n' \
  '/rfc6901/foo/1' '/keys/-' '/keys/01' '/wideArray/299' '/wideArray/-' '/deep/1/d/1/d' '/numbers/5' \
  '#/keys/%F0%9F%98%80/0' '/store/book/01' '/store/book/-1' '/x~2' '#/%ZZ' '#/%C3'; do
  seed "$s"
done

# Key paths.
for s in 'store.book[0].title' 'rfc6901["a/b"]' 'keys["a.b"][1].c' 'wideObject.k299' 'deep[1].d[1].d' \
  'keys["x[0]"]' 'keys["\\"]' 'keys["\""]' 'keys[""]' 'empty.object' '[0]' 'a..b' 'a[01]' 'a[-1]' \
  'keys.😀[0]' 'keys.$.@[0]' 'numbers[6]' 'store.book[99999999999999999999]'; do
  seed "$s"
done

# RFC 9535 examples (sections 1.5, 2.3 to 2.6) and queries reaching the other parts of the document.
for s in '$.store.book[*].author' '$..author' '$.store.*' '$.store..price' '$..book[2]' '$..book[2].author' \
  '$..book[2].publisher' '$..book[-1]' '$..book[0,1]' '$..book[:2]' '$..book[?@.isbn]' '$..book[?@.price<10]' \
  '$..*' '$' '$.o[*, *]' '$[1:3]' '$[5:]' '$[1:5:2]' '$[5:1:-2]' '$[::-1]' '$.a[?@.b == '\''kilo'\'']' \
  '$.a[?(@.b == '\''kilo'\'')]' '$.a[?@>3.5]' '$.a[?@.b]' '$[?@.*]' '$[?@[?@.b]]' '$.o[?@<3, ?@<3]' \
  '$.a[?@<2 || @.b == "k"]' '$.a[?match(@.b, "[jk]")]' '$.a[?search(@.b, "[jk]")]' '$.o[?@>1 && @<4]' \
  '$.o[?@.u || @.x]' '$.a[?@.b == $.x]' '$.a[?@ == @]' '$[?length(@) < 3]' '$[?count(@.*) == 1]' \
  '$[?count(1) == 1]' '$[?value(@..color) == "red"]' '$[?value(@..color)]' '$[?match(@.timezone, "Europe/.*")]' \
  '$.store.book[?search(@.author, "[BR]ob")]' '$..[?@.d]' '$.deep..n' '$.wideObject[?@ > 290]' \
  '$.wideArray[-3:]' '$.keys["\u0001\n\t"]' '$.keys['\''\\'\'']' '$.keys["\ud83d\ude00"][0]' \
  '$..[?@..[?@.d]]' '$.numbers[?@ == 1]' '$[?@.empty.object == {}]' '$..book[?@.price == 8.95e0]'; do
  seed "$s"
done

# Normalized paths.
for s in "\$['store']['book'][0]['title']" "\$['keys']['\\'']" "\$['keys']['\\u0001\\n\\t']" "\$[0]" \
  "\$['rfc6901']['a/b']" "\$[\"a\"]['b'][01]" "\$['\\ud83d\\ude00']"; do
  seed "$s"
done

# RFC 6902 appendix A, as test cases.
seed '{"doc": {"foo": "bar"}, "patch": [{"op": "add", "path": "/baz", "value": "qux"}]}'
seed '{"doc": {"foo": ["bar", "baz"]}, "patch": [{"op": "add", "path": "/foo/1", "value": "qux"}]}'
seed '{"doc": {"baz": "qux", "foo": "bar"}, "patch": [{"op": "remove", "path": "/baz"}]}'
seed '{"doc": {"foo": ["bar", "qux", "baz"]}, "patch": [{"op": "remove", "path": "/foo/1"}]}'
seed '{"doc": {"baz": "qux", "foo": "bar"}, "patch": [{"op": "replace", "path": "/baz", "value": "boo"}]}'
seed '{"doc": {"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}},
  "patch": [{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]}'
seed '{"doc": {"foo": ["all", "grass", "cows", "eat"]}, "patch": [{"op": "move", "from": "/foo/1", "path": "/foo/3"}]}'
seed '{"doc": {"baz": "qux", "foo": ["a", 2, "c"]}, "patch": [{"op": "test", "path": "/baz", "value": "qux"},
  {"op": "test", "path": "/foo/1", "value": 2}]}'
seed '{"doc": {"baz": "qux"}, "patch": [{"op": "test", "path": "/baz", "value": "bar"}]}'
seed '{"doc": {"foo": "bar"}, "patch": [{"op": "add", "path": "/child", "value": {"grandchild": {}}}]}'
seed '{"doc": {"foo": "bar"}, "patch": [{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]}'
seed '{"doc": {"foo": "bar"}, "patch": [{"op": "add", "path": "/baz/bat", "value": "qux"}]}'
seed '{"doc": {"/": 9, "~1": 10}, "patch": [{"op": "test", "path": "/~01", "value": 10}]}'
seed '{"doc": {"/": 9, "~1": 10}, "patch": [{"op": "test", "path": "/~01", "value": "10"}]}'
seed '{"doc": {"foo": ["bar"]}, "patch": [{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]}'
seed '{"doc": {"foo": 1}, "patch": [{"op": "copy", "from": "/foo", "path": "/bar"},
  {"op": "move", "from": "/bar", "path": "/foo/x"}]}'

# Patches for the fixed document, valid and malformed.
seed '[{"op": "test", "path": "/store/bicycle/color", "value": "red"},
  {"op": "move", "from": "/store/book/0", "path": "/wideArray/-"},
  {"op": "copy", "from": "/rfc6901/a~1b", "path": "/keys/new"},
  {"op": "replace", "path": "/deep/1/d/0", "value": [1.0, {"x": null}]},
  {"op": "remove", "path": "/wideObject/k7"},
  {"op": "add", "path": "/numbers/0", "value": 1e400}]'
seed '[{"op": "move", "from": "/store", "path": "/store/book"}]'
seed '[{"op": "remove", "path": ""}, {"op": "add", "path": "", "value": []}]'
seed '[{"op": "bogus", "path": "/x"}]'
seed '[{"op": "add", "path": "/x"}]'
seed '[{"op": "copy", "path": "/x", "from": 5}]'
seed '{"op": "add", "path": "/x", "value": 1}'
seed '[{"op": "test", "path": "/numbers/2", "value": 1},
  {"op": "test", "path": "/empty", "value": {"null": null, "string": "", "array": [], "object": {}}}]'
seed '{"store": {"bicycle": {"color": "blue"}}, "wideArray": [1, 2, 3], "deep": null}'
seed '[1, [2, [3, {"a": [4, 5, {"b": null}]}]], "x", {"c": [6, 7]}]'

# Deep and wide values built in code (checkDeepValues): 0xFE, a depth, a width.
printf '\xfe\x40\x00\x10' >"$dir/seed-deep-1"
printf '\xfe\xff\xff\x40' >"$dir/seed-deep-2"
