import Testing

@testable import Parsnip

/// Valid and invalid queries modeled on the categories of the JSONPath compliance test suite
/// (jsonpath-standard/jsonpath-compliance-test-suite): basics, selectors, filters, numbers, strings, blank space,
/// functions. The cases are written here; the suite itself is not bundled.
@Suite struct JSONPathComplianceTests {
  static let digits = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"

  static let basicCases: [QueryCase] = [
    QueryCase("$", #"["first", "second"]"#, values: #"[["first", "second"]]"#, paths: ["$"]),
    QueryCase("$.a", #"{"a": "A", "b": "B"}"#, values: #"["A"]"#, paths: ["$['a']"]),
    QueryCase("$.☺", #"{"☺": "A", "b": "B"}"#, values: #"["A"]"#, paths: ["$['☺']"]),
    QueryCase("$._", #"{"_": "A", "_foo": "B"}"#, values: #"["A"]"#),
    QueryCase("$.a1_b", #"{"a1_b": 1}"#, values: "[1]"),
    QueryCase("$.c", #"{"a": "A", "b": "B"}"#, values: "[]", paths: []),
    QueryCase("$.a", #"["first", "second"]"#, values: "[]"),
    QueryCase("$.*", #"{"a": "A", "b": "B"}"#, values: #"["A", "B"]"#, paths: ["$['a']", "$['b']"]),
    QueryCase("$.*", #"["first", "second"]"#, values: #"["first", "second"]"#, paths: ["$[0]", "$[1]"]),
    QueryCase("$[*]", #"["first", "second"]"#, values: #"["first", "second"]"#),
    QueryCase("$.*", "7", values: "[]"),
    QueryCase("$.*.a", #"{"x": {"a": "Ax", "b": "Bx"}, "y": {"a": "Ay", "b": "By"}}"#, values: #"["Ax", "Ay"]"#),
    QueryCase("$[0,2]", digits, values: "[0, 2]", paths: ["$[0]", "$[2]"]),
    QueryCase("$['a',1]", digits, values: "[1]"),
    QueryCase("$['a',1]", #"{"a": 1, "b": 2}"#, values: "[1]"),
    QueryCase("$[1,5:7]", digits, values: "[1, 5, 6]"),
    QueryCase("$[1,0:3]", digits, values: "[1, 0, 1, 2]"),
    QueryCase("$[1,1]", digits, values: "[1, 1]"),
    QueryCase("$[*,1]", digits, values: "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1]"),
    QueryCase("$[*,'a']", #"{"a": "A", "b": "B"}"#, values: #"["A", "B", "A"]"#),
    QueryCase("$[*,*]", "[0, 1, 2]", values: "[0, 1, 2, 0, 1, 2]"),
    QueryCase("$..[1]", #"{"o": [0, 1, [2, 3]]}"#, values: "[1, 3]", paths: ["$['o'][1]", "$['o'][2][1]"]),
    QueryCase("$..a", #"{"o": [{"a": "b"}, {"a": "c"}]}"#, values: #"["b", "c"]"#),
    QueryCase("$..*", "[0, 1]", values: "[0, 1]"),
    QueryCase("$..[*]", "[[[1]], [2]]", values: "[[[1]], [2], [1], 1, 2]"),
    QueryCase(
      "$..[*]", #"{"a": {"c": {"e": 1}}, "b": {"d": 2}}"#, values: #"[{"c": {"e": 1}}, {"d": 2}, {"e": 1}, 1, 2]"#,
      paths: ["$['a']", "$['b']", "$['a']['c']", "$['a']['c']['e']", "$['b']['d']"]),
    QueryCase("$..*", #"{"o": [{"a": "b"}]}"#, values: #"[[{"a": "b"}], {"a": "b"}, "b"]"#),
    QueryCase("$..['a','d']", #"[{"a": "b", "d": "e"}, {"a": "c", "d": "f"}]"#, values: #"["b", "e", "c", "f"]"#),
    QueryCase("$..*", "42", values: "[]"),
    QueryCase("$..a..b", #"{"a": {"x": {"b": 1}, "a": {"b": 2}}}"#, values: "[1, 2, 2]"),
  ]

  @Test(arguments: basicCases)
  func basics(_ example: QueryCase) throws { try example.check() }

  static let selectorCases: [QueryCase] = [
    QueryCase("$[0]", #"["first", "second"]"#, values: #"["first"]"#),
    QueryCase("$[2]", #"["first", "second"]"#, values: "[]"),
    QueryCase("$[-1]", #"["first", "second"]"#, values: #"["second"]"#, paths: ["$[1]"]),
    QueryCase("$[-3]", #"["first", "second"]"#, values: "[]"),
    QueryCase("$[0]", #"{"foo": 1, "0": 2}"#, values: "[]"),
    QueryCase("$[9007199254740991]", #"["first"]"#, values: "[]"),
    QueryCase("$[-9007199254740991]", #"["first"]"#, values: "[]"),
    QueryCase(#"$["a"]"#, #"{"a": "A", "b": "B"}"#, values: #"["A"]"#),
    QueryCase(#"$["c"]"#, #"{"a": "A", "b": "B"}"#, values: "[]"),
    QueryCase(#"$["a"]"#, #"["first"]"#, values: "[]"),
    QueryCase(#"$['0']"#, #"[5]"#, values: "[]"),
    QueryCase(#"$[" "]"#, #"{" ": "A"}"#, values: #"["A"]"#, paths: ["$[' ']"]),
    QueryCase("$[\"\u{7F}\"]", "{\"\u{7F}\": \"A\"}", values: #"["A"]"#),
    QueryCase(#"$["𝄞"]"#, #"{"𝄞": "A"}"#, values: #"["A"]"#, paths: ["$['𝄞']"]),
    QueryCase(#"$["\""]"#, #"{"\"": "A"}"#, values: #"["A"]"#, paths: [#"$['"']"#]),
    QueryCase(#"$["\\"]"#, #"{"\\": "A"}"#, values: #"["A"]"#, paths: [#"$['\\']"#]),
    QueryCase(#"$["\/"]"#, #"{"/": "A"}"#, values: #"["A"]"#, paths: ["$['/']"]),
    QueryCase(#"$["\b\f\n\r\t"]"#, #"{"\b\f\n\r\t": "A"}"#, values: #"["A"]"#, paths: [#"$['\b\f\n\r\t']"#]),
    QueryCase(#"$["\u263A"]"#, #"{"☺": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$["\u263a"]"#, #"{"☺": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$["\uD834\uDD1E"]"#, #"{"𝄞": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$["\ud83d\ude00"]"#, #"{"😀": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$["\uD7FF\uD7FF"]"#, #"{"\uD7FF\uD7FF": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$["\uE000\uE000"]"#, #"{"\uE000\uE000": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$['\'']"#, #"{"'": "A"}"#, values: #"["A"]"#, paths: [#"$['\'']"#]),
    QueryCase(#"$["'"]"#, #"{"'": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$['"']"#, #"{"\"": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$['\\']"#, #"{"\\": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$['\u263A']"#, #"{"☺": "A"}"#, values: #"["A"]"#),
    QueryCase(#"$[""]"#, #"{"a": "A", "": "C"}"#, values: #"["C"]"#, paths: ["$['']"]),
    QueryCase(#"$['']"#, #"{"a": "A", "": "C"}"#, values: #"["C"]"#),
    QueryCase(#"$["\u0000\u001f"]"#, #"{"\u0000\u001f": 1}"#, values: "[1]", paths: [#"$['\u0000\u001f']"#]),
    // Names match by Unicode scalars, not canonical equivalence: precomposed é is not e + combining accent.
    QueryCase("$['\u{E9}']", "{\"e\u{301}\": 1}", values: "[]"),
    QueryCase("$['e\u{301}']", "{\"e\u{301}\": 1}", values: "[1]"),
  ]

  @Test(arguments: selectorCases)
  func namesAndIndices(_ example: QueryCase) throws { try example.check() }

  static let sliceCases: [QueryCase] = [
    QueryCase("$[1:3]", digits, values: "[1, 2]"),
    QueryCase("$[1:6:2]", digits, values: "[1, 3, 5]"),
    QueryCase("$[:]", "[0, 1, 2, 3]", values: "[0, 1, 2, 3]"),
    QueryCase("$[::]", "[0, 1, 2, 3]", values: "[0, 1, 2, 3]"),
    QueryCase("$[:2]", digits, values: "[0, 1]"),
    QueryCase("$[::2]", digits, values: "[0, 2, 4, 6, 8]"),
    QueryCase("$[::-1]", "[0, 1, 2, 3]", values: "[3, 2, 1, 0]"),
    QueryCase("$[:0:-1]", "[0, 1, 2, 3]", values: "[3, 2, 1]"),
    QueryCase("$[2::-1]", "[0, 1, 2, 3]", values: "[2, 1, 0]"),
    QueryCase("$[::-2]", "[0, 1, 2, 3]", values: "[3, 1]"),
    QueryCase("$[-1:-3]", digits, values: "[]"),
    QueryCase("$[-1:-3:-1]", digits, values: "[9, 8]"),
    QueryCase("$[-1:-6:-2]", digits, values: "[9, 7, 5]"),
    QueryCase("$[-1:-7:-2]", digits, values: "[9, 7, 5]"),
    QueryCase("$[-5:7]", digits, values: "[5, 6]"),
    QueryCase("$[-2:]", digits, values: "[8, 9]"),
    QueryCase("$[1:-1]", digits, values: "[1, 2, 3, 4, 5, 6, 7, 8]"),
    QueryCase("$[-1:1:-1]", digits, values: "[9, 8, 7, 6, 5, 4, 3, 2]"),
    QueryCase("$[7:-5:-1]", digits, values: "[7, 6]"),
    QueryCase("$[1:2:0]", digits, values: "[]"),
    QueryCase("$[2:2]", digits, values: "[]"),
    QueryCase("$[:]", "[]", values: "[]"),
    QueryCase("$[::-1]", "[]", values: "[]"),
    QueryCase("$[0:10]", digits, values: digits),
    QueryCase("$[9:0:-1]", digits, values: "[9, 8, 7, 6, 5, 4, 3, 2, 1]"),
    QueryCase("$[2:113667776004]", digits, values: "[2, 3, 4, 5, 6, 7, 8, 9]"),
    QueryCase("$[-113667776004:1]", digits, values: "[0]"),
    QueryCase("$[113667776004:0:-1]", digits, values: "[9, 8, 7, 6, 5, 4, 3, 2, 1]"),
    QueryCase("$[3:-113667776004:-1]", digits, values: "[3, 2, 1, 0]"),
    QueryCase("$[1:10:113667776004]", digits, values: "[1]"),
    QueryCase("$[-1:-10:-113667776004]", digits, values: "[9]"),
    QueryCase("$[-9007199254740991::]", "[1]", values: "[1]"),
    QueryCase("$[9007199254740991::]", "[1]", values: "[]"),
    QueryCase("$[:-9007199254740991:]", "[1]", values: "[]"),
    QueryCase("$[::9007199254740991]", "[1, 2]", values: "[1]"),
    QueryCase("$[::-9007199254740991]", "[1, 2]", values: "[2]"),
    QueryCase("$[0:2]", #"{"0": 1, "1": 2}"#, values: "[]"),
    QueryCase("$[1:3]", "[0, 1, 2, 3]", values: "[1, 2]", paths: ["$[1]", "$[2]"]),
  ]

  @Test(arguments: sliceCases)
  func slices(_ example: QueryCase) throws { try example.check() }

  static let filterCases: [QueryCase] = [
    QueryCase("$[?@]", #"{"a": 1, "b": null}"#, values: "[1, null]"),
    QueryCase("$[?@.a]", #"[{"a": "b", "d": "e"}, {"b": "c", "d": "f"}]"#, values: #"[{"a": "b", "d": "e"}]"#),
    QueryCase("$[?@.a]", #"[{"a": null}, {"b": "c"}]"#, values: #"[{"a": null}]"#),
    QueryCase("$[?@.a=='b']", #"[{"a": "b"}, {"a": "c"}]"#, values: #"[{"a": "b"}]"#),
    QueryCase("$[?@.a=='1']", #"[{"a": "1"}, {"a": 1}]"#, values: #"[{"a": "1"}]"#),
    QueryCase(#"$[?@.a=="b"]"#, #"[{"a": "b"}, {"a": "c"}]"#, values: #"[{"a": "b"}]"#),
    QueryCase("$[?@.a==1]", #"[{"a": 1}, {"a": "c"}, {"a": 2}, {"a": "1"}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?@.a==null]", #"[{"a": null}, {"a": "c"}, {"d": 1}]"#, values: #"[{"a": null}]"#),
    QueryCase("$[?@.a==true]", #"[{"a": true}, {"a": "c"}]"#, values: #"[{"a": true}]"#),
    QueryCase("$[?@.a==false]", #"[{"a": false}, {"a": "c"}]"#, values: #"[{"a": false}]"#),
    QueryCase("$[?@==@]", #"[1, null, true, {"a": "b"}, [false]]"#, values: #"[1, null, true, {"a": "b"}, [false]]"#),
    QueryCase(
      "$[?@.a==@.b]",
      #"""
      [{"a": false, "b": [1, 2]}, {"a": [[1, [2]]], "b": [[1, [2]]]}, {"a": [[1,
      [2]]], "b": [[[2], 1]]}, {"a": [[1, [2]]], "b": [[1, 2]]}]
      """#,
      values: #"[{"a": [[1, [2]]], "b": [[1, [2]]]}]"#),
    QueryCase(
      "$[?@.a==@.b]",
      #"""
      [{"a": {"x": 1, "y": {"z": 1}}, "b": {"y": {"z": 1}, "x": 1}}, {"a": {"x": 1,
      "y": {"z": 1}}, "b": {"x": 1}}, {"a": {"x": 1}, "b": {"x": 1.0}}]
      """#,
      values: #"[{"a": {"x": 1, "y": {"z": 1}}, "b": {"y": {"z": 1}, "x": 1}}, {"a": {"x": 1}, "b": {"x": 1.0}}]"#),
    QueryCase(
      "$[?@.a!='b']",
      #"[{"a": "b"}, {"a": "c"}, {"a": 1}, {"d": 1}]"#,
      values: #"[{"a": "c"}, {"a": 1}, {"d": 1}]"#),
    QueryCase("$[?@.a!=null]", #"[{"a": null}, {"a": "c"}, {"d": "e"}]"#, values: #"[{"a": "c"}, {"d": "e"}]"#),
    QueryCase("$[?@.a<'c']", #"[{"a": "b"}, {"a": "c"}, {"a": 1}]"#, values: #"[{"a": "b"}]"#),
    QueryCase("$[?@.a<10]", #"[{"a": 1}, {"a": 10}, {"a": "c"}, {"a": 20}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?@.a<null]", #"[{"a": null}, {"a": "c"}]"#, values: "[]"),
    QueryCase("$[?@.a<true]", #"[{"a": true}, {"a": "c"}]"#, values: "[]"),
    QueryCase("$[?@.a<='c']", #"[{"a": "b"}, {"a": "c"}, {"a": "d"}]"#, values: #"[{"a": "b"}, {"a": "c"}]"#),
    QueryCase("$[?@.a<=10]", #"[{"a": 1}, {"a": 10}, {"a": "c"}, {"a": 20}]"#, values: #"[{"a": 1}, {"a": 10}]"#),
    QueryCase("$[?@.a<=null]", #"[{"a": null}, {"a": "c"}]"#, values: #"[{"a": null}]"#),
    QueryCase("$[?@.a<=false]", #"[{"a": false}, {"a": "c"}]"#, values: #"[{"a": false}]"#),
    QueryCase("$[?@.a>'c']", #"[{"a": "b"}, {"a": "c"}, {"a": "d"}]"#, values: #"[{"a": "d"}]"#),
    QueryCase("$[?@.a>10]", #"[{"a": 1}, {"a": 10}, {"a": "c"}, {"a": 20}]"#, values: #"[{"a": 20}]"#),
    QueryCase("$[?@.a>=10]", #"[{"a": 1}, {"a": 10}, {"a": "c"}, {"a": 20}]"#, values: #"[{"a": 10}, {"a": 20}]"#),
    QueryCase("$[?@.a>=true]", #"[{"a": true}, {"a": "c"}]"#, values: #"[{"a": true}]"#),
    QueryCase("$[?@.a&&@.a!=null]", #"[{"d": "e"}, {"a": "c"}, {"a": null}]"#, values: #"[{"a": "c"}]"#),
    QueryCase(
      "$[?@.a&&@.b]",
      #"[{"a": false, "b": false}, {"b": false}, {"c": false}]"#,
      values: #"[{"a": false, "b": false}]"#),
    QueryCase(
      "$[?@.a||@.b]",
      #"[{"a": false, "b": false}, {"b": false}, {"c": false}]"#,
      values: #"[{"a": false, "b": false}, {"b": false}]"#),
    QueryCase("$[?@.a>0&&@.a<10]", #"[{"a": -10}, {"a": 5}, {"a": 20}]"#, values: #"[{"a": 5}]"#),
    QueryCase("$[?!(@.a=='b')]", #"[{"a": "a"}, {"a": "b"}, {"a": "d"}]"#, values: #"[{"a": "a"}, {"a": "d"}]"#),
    QueryCase("$[?!@.a]", #"[{"a": "a"}, {"d": "f"}, {"a": null}]"#, values: #"[{"d": "f"}]"#),
    QueryCase("$[?@.*]", #"[1, [], [2], {}, {"a": 3}]"#, values: #"[[2], {"a": 3}]"#),
    QueryCase(
      "$[?@[0, 0, 'a']]",
      #"[1, [], [2], [2, 3], {"a": 3}, {"b": 4}, {"a": 3, "b": 4}]"#,
      values: #"[[2], [2, 3], {"a": 3}, {"a": 3, "b": 4}]"#),
    QueryCase("$[?@[0:2]]", #"[1, [], [2], [2, 3, 4], {}, {"a": 3}]"#, values: "[[2], [2, 3, 4]]"),
    QueryCase("$[?!@.*]", #"[1, [], [2], {}, {"a": 3}]"#, values: "[1, [], {}]"),
    QueryCase(
      "$[?@..x]",
      #"[{"a": {"b": {"x": 1}}}, {"a": {"b": {}}}, [[[{"x": 2}]]]]"#,
      values: #"[{"a": {"b": {"x": 1}}}, [[[{"x": 2}]]]]"#),
    QueryCase("$[?@[?@>1]]", "[[0], [0, 1], [0, 1, 2], [42]]", values: "[[0, 1, 2], [42]]"),
    QueryCase("$[?@.a == 1]", #"{"a": 1}"#, values: "[]"),
    QueryCase("$[?@['0'] == 5]", "[[5, 6]]", values: "[]"),
    QueryCase("$[?@[0] == 5]", #"[{"0": 5}]"#, values: "[]"),
    QueryCase("$[?@[-1] == 6]", "[[5, 6], [6, 5]]", values: "[[5, 6]]"),
    QueryCase("$[?@.a,?@.b]", #"[{"a": "b"}, {"b": "c"}]"#, values: #"[{"a": "b"}, {"b": "c"}]"#),
    QueryCase(
      "$[?@.a,?@.d]",
      #"[{"a": "b", "d": "e"}, {"b": "c", "d": "f"}]"#,
      values: #"[{"a": "b", "d": "e"}, {"a": "b", "d": "e"}, {"b": "c", "d": "f"}]"#),
    QueryCase("$[?@.a,1]", #"[{"a": "b"}, {"b": "c"}]"#, values: #"[{"a": "b"}, {"b": "c"}]"#),
    QueryCase("$[?@.a,*]", #"[{"a": "b"}, {"b": "c"}]"#, values: #"[{"a": "b"}, {"a": "b"}, {"b": "c"}]"#),
    QueryCase("$[1, ?@.a=='b', 1:]", #"[{"a": "b"}, {"b": "c"}]"#, values: #"[{"b": "c"}, {"a": "b"}, {"b": "c"}]"#),
    QueryCase("$[?@<3]", #"{"a": 1, "b": 2, "c": 3}"#, values: "[1, 2]", paths: ["$['a']", "$['b']"]),
    QueryCase(
      "$[?@.a || @.b && @.c]", #"[{"a": 1}, {"b": 2, "c": 3}, {"c": 3}, {"b": 2}, {"a": 1, "b": 2, "c": 3}]"#,
      values: #"[{"a": 1}, {"b": 2, "c": 3}, {"a": 1, "b": 2, "c": 3}]"#),
    QueryCase(
      "$[?@.a && @.b || @.c]", #"[{"a": 1}, {"b": 2}, {"a": 1, "b": 2}, {"a": 1, "c": 3}, {"c": 3}]"#,
      values: #"[{"a": 1, "b": 2}, {"a": 1, "c": 3}, {"c": 3}]"#),
    QueryCase(
      "$[?(@.a || @.b) && @.c]", #"[{"a": 1, "b": 2}, {"a": 1, "c": 3}, {"b": 2, "c": 3}, {"c": 3}]"#,
      values: #"[{"a": 1, "c": 3}, {"b": 2, "c": 3}]"#),
    QueryCase(
      "$[?@.a && (@.b || @.c)]",
      #"[{"a": 1}, {"a": 1, "b": 2}, {"a": 1, "c": 2}, {"b": 2}]"#,
      values: #"[{"a": 1, "b": 2}, {"a": 1, "c": 2}]"#),
    QueryCase(
      #"$[?@ == "quoted' literal"]"#,
      #"["quoted' literal", "a", "quoted\\' literal"]"#,
      values: #"["quoted' literal"]"#),
    QueryCase(#"$[?@ == 'quoted" literal']"#, #"["quoted\" literal", "a"]"#, values: #"["quoted\" literal"]"#),
    QueryCase(
      #"$[?@ == 'quoted\' literal']"#,
      #"["quoted' literal", "quoted\\' literal"]"#,
      values: #"["quoted' literal"]"#),
    QueryCase(
      #"$[?@ == "quoted\" literal"]"#,
      #"["quoted\" literal", "quoted\\\" literal"]"#,
      values: #"["quoted\" literal"]"#),
    QueryCase("$[?$]", #"{"a": 1, "b": null}"#, values: "[1, null]", paths: ["$['a']", "$['b']"]),
    QueryCase(
      "$[?$.*.a]",
      #"[{"a": "b", "d": "e"}, {"b": "c", "d": "f"}]"#,
      values: #"[{"a": "b", "d": "e"}, {"b": "c", "d": "f"}]"#),
    QueryCase("$[?$==$]", #"[1, null, true, {"a": "b"}, [false]]"#, values: #"[1, null, true, {"a": "b"}, [false]]"#),
    QueryCase("$[?@.absent==@.list[9]]", #"[{"list": [1]}]"#, values: #"[{"list": [1]}]"#, paths: ["$[0]"]),
    QueryCase("$[?$.x == 1]", #"{"x": 1, "y": 2}"#, values: "[1, 2]"),
    QueryCase("$[?$.x]", #"{"x": null}"#, values: "[null]"),
    QueryCase("$.a[?@ == $.b[0]]", #"{"a": [1, 2, 3], "b": [2]}"#, values: "[2]", paths: ["$['a'][1]"]),
    QueryCase("$..[?@.k]", #"{"a": {"k": 1}, "b": [{"k": 2}, {"j": 3}], "k": 4}"#, values: #"[{"k": 1}, {"k": 2}]"#),
  ]

  @Test(arguments: filterCases)
  func filters(_ example: QueryCase) throws { try example.check() }

  /// Number literals compare by mathematical value.
  static let numberCases: [(String, String, String)] = [
    ("$[?@.a==0]", #"[{"a": 0}, {"a": 0.1}, {"a": "0"}, {"a": -0}]"#, #"[{"a": 0}, {"a": -0}]"#),
    ("$[?@.a==-0]", #"[{"a": 0}, {"a": 0.1}, {"a": "0"}]"#, #"[{"a": 0}]"#),
    ("$[?@.a==1.0]", #"[{"a": 1}, {"a": 2}, {"a": "1"}]"#, #"[{"a": 1}]"#),
    ("$[?@.a==1e2]", #"[{"a": 100}, {"a": 100.1}, {"a": "100"}]"#, #"[{"a": 100}]"#),
    ("$[?@.a==1E2]", #"[{"a": 100}, {"a": 100.1}]"#, #"[{"a": 100}]"#),
    ("$[?@.a==1e+2]", #"[{"a": 100}, {"a": 100.1}]"#, #"[{"a": 100}]"#),
    ("$[?@.a==1e-2]", #"[{"a": 0.01}, {"a": 0.02}, {"a": "0.01"}]"#, #"[{"a": 0.01}]"#),
    ("$[?@.a==1e0]", #"[{"a": 1}, {"a": 2}]"#, #"[{"a": 1}]"#),
    ("$[?@.a==1e-0]", #"[{"a": 1}, {"a": 2}]"#, #"[{"a": 1}]"#),
    ("$[?@.a==1e+00]", #"[{"a": 1}, {"a": 2}]"#, #"[{"a": 1}]"#),
    ("$[?@.a==1e-02]", #"[{"a": 0.01}, {"a": 0.02}]"#, #"[{"a": 0.01}]"#),
    ("$[?@.a==1.1]", #"[{"a": 1.1}, {"a": 1}, {"a": "1.1"}]"#, #"[{"a": 1.1}]"#),
    ("$[?@.a==1.10]", #"[{"a": 1.1}, {"a": 1}]"#, #"[{"a": 1.1}]"#),
    ("$[?@.a==1.1e2]", #"[{"a": 110}, {"a": 110.1}]"#, #"[{"a": 110}]"#),
    ("$[?@.a==1.1e-2]", #"[{"a": 0.011}, {"a": 0.012}]"#, #"[{"a": 0.011}]"#),
    ("$[?@ < 1e400]", "[1e399, 1e401, 12345678901234567890123456789]", "[1e399, 12345678901234567890123456789]"),
    ("$[?@ > 9007199254740993]", "[9007199254740992, 9007199254740993, 9007199254740994]", "[9007199254740994]"),
    ("$[?@ == 0.1]", "[0.1, 0.10000000000000001, 0.1000000000000000055511151231257827]", "[0.1]"),
    ("$[?@ < -1.5]", "[-1, -1.5, -2, -1e10, 1.5]", "[-2, -1e10]"),
    (
      "$[?@ >= 18446744073709551615]", "[18446744073709551615, 18446744073709551614, 1.8446744073709552e19]",
      "[18446744073709551615, 1.8446744073709552e19]"
    ),
  ]

  @Test(arguments: numberCases)
  func numbersCompareByValue(_ query: String, _ document: String, _ expected: String) throws {
    try QueryCase(query, document, values: expected).check()
  }

  static let blankSpaceCases: [QueryCase] = [
    QueryCase("$ ['a']", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$\n['a']", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$\t['a']", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$\r['a']", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$['a'] \n\t\r['b']", #"{"a": {"b": "ab"}}"#, values: #"["ab"]"#),
    QueryCase("$ .a", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$ ..a", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$[ 'a']", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$['a' ]", #"{"a": "ab"}"#, values: #"["ab"]"#),
    QueryCase("$['a' , 'b']", #"{"a": "ab", "b": "bc"}"#, values: #"["ab", "bc"]"#),
    QueryCase("$[\n'a',\r'b'\t]", #"{"a": "ab", "b": "bc"}"#, values: #"["ab", "bc"]"#),
    QueryCase("$[1 :5:2]", "[1, 2, 3, 4, 5, 6]", values: "[2, 4]"),
    QueryCase("$[1: 5:2]", "[1, 2, 3, 4, 5, 6]", values: "[2, 4]"),
    QueryCase("$[1:5 :2]", "[1, 2, 3, 4, 5, 6]", values: "[2, 4]"),
    QueryCase("$[1:5: 2]", "[1, 2, 3, 4, 5, 6]", values: "[2, 4]"),
    QueryCase("$[ 1 : 5 : 2 ]", "[1, 2, 3, 4, 5, 6]", values: "[2, 4]"),
    QueryCase("$[ : ]", "[1, 2]", values: "[1, 2]"),
    QueryCase("$[? @.a]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?\n(@.a)]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?(@.a) ]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[ ?@.a]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?( @.a )]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
    QueryCase("$[?count( @.* )==1]", #"[{"a": 1}, {"b": 2}, {"a": 2, "b": 1}]"#, values: #"[{"a": 1}, {"b": 2}]"#),
    QueryCase("$[?search(@ ,'[a-z]+')]", #"["foo", "123"]"#, values: #"["foo"]"#),
    QueryCase("$[?search(@,\n'[a-z]+')]", #"["foo", "123"]"#, values: #"["foo"]"#),
    QueryCase("$[?length(@ .a .b) == 3]", #"[{"a": {"b": "foo"}}, {}]"#, values: #"[{"a": {"b": "foo"}}]"#),
    QueryCase("$[?length(@\n.a\r.b) == 3]", #"[{"a": {"b": "foo"}}, {}]"#, values: #"[{"a": {"b": "foo"}}]"#),
    QueryCase("$..[?length(@)==length($ [0] .a)]", #"[{"a": "foo"}, {}]"#, values: #"["foo"]"#),
    QueryCase("$[?@.a ||@.b]", #"[{"a": 1}, {"b": 2}, {"c": 3}]"#, values: #"[{"a": 1}, {"b": 2}]"#),
    QueryCase("$[?@.a\n&&\t@.b]", #"[{"a": 1}, {"b": 2}, {"a": 1, "b": 2}]"#, values: #"[{"a": 1, "b": 2}]"#),
    QueryCase("$[?@.a == @.b]", #"[{"a": 1, "b": 1}, {"a": 1, "b": 2}]"#, values: #"[{"a": 1, "b": 1}]"#),
    QueryCase("$[?@.a\r!=\r@.b]", #"[{"a": 1, "b": 1}, {"a": 1, "b": 2}]"#, values: #"[{"a": 1, "b": 2}]"#),
    QueryCase("$[?@.b >@.a]", #"[{"a": 1, "b": 1}, {"a": 1, "b": 2}]"#, values: #"[{"a": 1, "b": 2}]"#),
    QueryCase(
      "$[?@.a <= @.b]",
      #"[{"a": 1, "b": 1}, {"a": 1, "b": 2}, {"a": 2, "b": 1}]"#,
      values: #"[{"a": 1, "b": 1}, {"a": 1, "b": 2}]"#),
    QueryCase("$[?! @.a]", #"[{"a": "a"}, {"d": "f"}]"#, values: #"[{"d": "f"}]"#),
    QueryCase("$[?!\n(@.a=='b')]", #"[{"a": "a"}, {"a": "b"}]"#, values: #"[{"a": "a"}]"#),
    // Blank space inside a bracket keeps the selection valid; it only stops the query from being singular.
    QueryCase("$[?@[ 'a' ]]", #"[{"a": 1}, {"b": 2}]"#, values: #"[{"a": 1}]"#),
  ]

  @Test(arguments: blankSpaceCases)
  func blankSpace(_ example: QueryCase) throws { try example.check() }

  static let functionCases: [QueryCase] = [
    QueryCase(
      "$[?count(@..*)>2]",
      #"[{"a": [1, 2, 3]}, {"a": [1], "d": "f"}, {"a": 1, "d": "f"}]"#,
      values: #"[{"a": [1, 2, 3]}, {"a": [1], "d": "f"}]"#),
    QueryCase("$[?count(@.a)>1]", #"[{"a": [1, 2, 3]}, {"a": [1]}]"#, values: "[]"),
    QueryCase(
      "$[?count(@['a','d'])>1]",
      #"[{"a": [1, 2, 3]}, {"a": [1], "d": "f"}, {"a": 1, "d": "f"}]"#,
      values: #"[{"a": [1], "d": "f"}, {"a": 1, "d": "f"}]"#),
    QueryCase("$[?count(@.*) == 0]", #"[[], {}, [1], 5]"#, values: "[[], {}, 5]"),
    QueryCase("$[?length(@.a)>=2]", #"[{"a": "ab"}, {"a": "d"}]"#, values: #"[{"a": "ab"}]"#),
    QueryCase(
      "$[?length(@)==2]",
      #"["☺", "☺☺", "☺☺☺", "ж", "жж", "жжж", "磨", "阿美", "形声字"]"#,
      values: #"["☺☺", "жж", "阿美"]"#),
    QueryCase("$[?length(@)==2]", #"["e\u0301e", "😀😀", "ab"]"#, values: #"["😀😀", "ab"]"#),
    QueryCase(
      "$[?length(@.a)>=2]",
      #"[{"a": [1, 2, 3]}, {"a": [1]}, {"a": {"x": 1, "y": 2}}]"#,
      values: #"[{"a": [1, 2, 3]}, {"a": {"x": 1, "y": 2}}]"#),
    QueryCase("$[?length(@.a)>=2]", #"[{"d": "f"}]"#, values: "[]"),
    QueryCase("$[?length(1)>=2]", #"[{"d": "f"}]"#, values: "[]"),
    QueryCase("$[?length(true)>=2]", #"[{"d": "f"}]"#, values: "[]"),
    QueryCase("$[?length(null)>=2]", #"[{"d": "f"}]"#, values: "[]"),
    QueryCase("$[?length('abc')==3]", "[1, 2]", values: "[1, 2]"),
    QueryCase("$[?length(@) == null]", #"[1, "a", null]"#, values: "[]"),
    QueryCase(
      "$.values[?length(@.a)==length(value($..c))]",
      #"{"c": "cd", "values": [{"a": "ab"}, {"a": "d"}]}"#,
      values: #"[{"a": "ab"}]"#),
    QueryCase("$[?length(value(@.a))>0]", #"[{"a": "ab"}, {"c": "d"}, {"a": null}]"#, values: #"[{"a": "ab"}]"#),
    QueryCase(
      "$.values[?length(@.a) == value($..c)]",
      #"{"c": "cd", "values": [{"a": "ab"}, {"c": "d"}, {"a": null}]}"#,
      values: #"[{"c": "d"}, {"a": null}]"#),
    QueryCase("$[?@.a == @.b]", #"[{"a": 1}, {"b": 2}, {"c": 3}]"#, values: #"[{"c": 3}]"#),
    QueryCase("$[?@.a == length(@.b)]", #"[{"a": 1}, {"b": 2}, {"c": 3}]"#, values: #"[{"b": 2}, {"c": 3}]"#),
    QueryCase("$[?value(@.*)==4]", #"[[4], {"foo": 4}, [5], {"foo": 5}, 4]"#, values: #"[[4], {"foo": 4}]"#),
    QueryCase("$[?value(@.*)==4]", #"[[4, 4], {"foo": 4, "bar": 4}]"#, values: "[]"),
    QueryCase("$[?match(@.a, 'a.*')]", #"[{"a": "ab"}, {"a": "ba"}]"#, values: #"[{"a": "ab"}]"#),
    QueryCase(#"$[?match(@.a, "a.*")]"#, #"[{"a": "ab"}]"#, values: #"[{"a": "ab"}]"#),
    QueryCase(
      "$.values[?match(@, $.regex)]",
      #"{"regex": "b.?b", "values": ["abc", "bcd", "bab", "bba", "bbab", "b", true, [], {}]}"#,
      values: #"["bab"]"#,
      paths: ["$['values'][2]"]),
    QueryCase(
      "$.values[?search(@, $.regex)]",
      #"{"regex": "b.?b", "values": ["abc", "bcd", "bab", "bba", "bbab", "b", true, [], {}]}"#,
      values: #"["bab", "bba", "bbab"]"#),
    QueryCase("$[?!match(@.a, 'a.*')]", #"[{"a": "ab"}, {"a": "bc"}]"#, values: #"[{"a": "bc"}]"#),
    QueryCase("$[?match(1, 'a.*')]", #"[{"a": "bc"}]"#, values: "[]"),
    QueryCase("$[?match(@.a, 1)]", #"[{"a": "bc"}]"#, values: "[]"),
    QueryCase(
      "$[?match(@.a, @.b)]",
      #"[{"a": "bc", "b": "b."}, {"a": "bc", "b": "[invalid"}, {"a": "bc", "b": 7}, {"a": "bc"}]"#,
      values: #"[{"a": "bc", "b": "b."}]"#),
    QueryCase("$[?match(@, '[invalid')]", #"["[invalid", "x"]"#, values: "[]"),
    QueryCase("$[?!match(@, '[invalid')]", #"["[invalid", "x"]"#, values: #"["[invalid", "x"]"#),
    QueryCase(#"$[?match(@, '\\p{Lu}')]"#, #"["ж", "Ж", "1", "жЖ", true, [], {}]"#, values: #"["Ж"]"#),
    QueryCase(#"$[?match(@, '\\P{Lu}')]"#, #"["ж", "Ж", "1", true, [], {}]"#, values: #"["ж", "1"]"#),
    QueryCase("$[?match(@, 'a.b')]", #"["a𐄁b", "ab", "1"]"#, values: #"["a𐄁b"]"#),
    QueryCase("$[?match(@, '.')]", #"["\u2028", "\r", "\n", true]"#, values: #"["\u2028"]"#),
    QueryCase("$[?match(@, '.')]", #"["\u2029", "\r", "\n"]"#, values: #"["\u2029"]"#),
    QueryCase("$[?match(@, 'a[.b]c')]", #"["abc", "a.c", "axc"]"#, values: #"["abc", "a.c"]"#),
    QueryCase(#"$[?match(@, 'a\\.c')]"#, #"["abc", "a.c", "axc"]"#, values: #"["a.c"]"#),
    QueryCase(#"$[?match(@, 'a\\\\.c')]"#, #"["abc", "a.c", "axc", "a\\ c"]"#, values: #"["a\\ c"]"#),
    QueryCase(#"$[?match(@, 'a\\[.c')]"#, #"["abc", "a.c", "a[ c"]"#, values: #"["a[ c"]"#),
    QueryCase(#"$[?match(@, 'a[\\].]c')]"#, #"["abc", "a.c", "a c", "a]c"]"#, values: #"["a.c", "a]c"]"#),
    QueryCase("$[?match(@, '^ab.*')]", #"["abc", "axc", "ab", "xab"]"#, values: #"["abc", "ab"]"#),
    QueryCase("$[?match(@, '.*bc$')]", #"["abc", "axc", "ab", "abcx"]"#, values: #"["abc"]"#),
    QueryCase("$[?match((@.a), ('a.*'))]", #"[{"a": "ab"}, {"a": "ba"}]"#, values: #"[{"a": "ab"}]"#),
    QueryCase(
      "$.values[?match(@.a, value($..['regex']))]",
      #"{"regex": "a.*", "values": [{"a": "ab"}, {"a": "ba"}]}"#,
      values: #"[{"a": "ab"}]"#),
    QueryCase(
      "$[?search(@.a, 'a.*')]",
      #"[{"a": "the end is ab"}, {"a": "ab is at the start"}, {"a": "contains two matches"}, {"a": "bc"}]"#,
      values: #"[{"a": "the end is ab"}, {"a": "ab is at the start"}, {"a": "contains two matches"}]"#),
    QueryCase(#"$[?search(@, '\\p{Lu}')]"#, #"["ж", "Ж", "1", "жЖ", true]"#, values: #"["Ж", "жЖ"]"#),
    QueryCase("$[?search(@, 'a.b')]", #"["a𐄁bc", "abc", "1"]"#, values: #"["a𐄁bc"]"#),
    QueryCase("$[?search(@, '.')]", #"["\u2028", "\r\u2028\n", "\r", "\n"]"#, values: #"["\u2028", "\r\u2028\n"]"#),
    QueryCase("$[?search(@, 'a[.b]c')]", #"["x abc y", "x a.c y", "x axc y"]"#, values: #"["x abc y", "x a.c y"]"#),
    QueryCase(
      #"$[?search(@, 'a[\\].]c')]"#,
      #"["x abc y", "x a.c y", "x a c y", "x a]c y"]"#,
      values: #"["x a.c y", "x a]c y"]"#),
    QueryCase("$[?search(@, '^b')]", #"["ab", "ba", "b"]"#, values: #"["ba", "b"]"#),
    QueryCase("$[?search(@, 'b$')]", #"["ab", "ba", "b"]"#, values: #"["ab", "b"]"#),
    QueryCase("$[?search(@, '')]", #"["", "a", 1]"#, values: #"["", "a"]"#),
    QueryCase("$[?match(@, '')]", #"["", "a"]"#, values: #"[""]"#),
    QueryCase("$[?length(length(@)) == null]", #"["ab"]"#, values: "[]"),
    QueryCase("$[?count(@[?@ > 1]) == 2]", "[[1, 2, 3], [2], [3, 4, 0]]", values: "[[1, 2, 3], [3, 4, 0]]"),
  ]

  @Test(arguments: functionCases)
  func functions(_ example: QueryCase) throws { try example.check() }
}
