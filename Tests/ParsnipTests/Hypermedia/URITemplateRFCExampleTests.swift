import Testing

@testable import Parsnip

/// Every example of RFC 6570: sections 1.1 and 1.2 (levels 1 to 4), 2.4.1 and 2.4.2 (modifiers) and 3.2.1 to 3.2.9
/// (each operator), with the variables each section defines.
@Suite struct URITemplateRFCExampleTests {
  /// The variables of section 3.2 (section 1.2 uses a subset of them with the same values).
  static let variables: JSON = [
    "count": ["one", "two", "three"], "dom": ["example", "com"], "dub": "me/too", "hello": "Hello World!",
    "half": "50%", "var": "value", "who": "fred", "base": "http://example.com/home/", "path": "/foo/bar",
    "list": ["red", "green", "blue"], "keys": ["semi": ";", "dot": ".", "comma": ","], "v": "6", "x": "1024",
    "y": "768", "empty": "", "empty_keys": [:], "undef": nil,
  ]

  static func expand(_ template: String, _ variables: JSON = variables) throws -> String {
    try URITemplate(template).expand(variables)
  }

  @Test(arguments: [
    ("http://example.com/~{username}/", "fred", "http://example.com/~fred/"),
    ("http://example.com/~{username}/", "mark", "http://example.com/~mark/"),
  ])
  func section1_1Usernames(template: String, username: String, expected: String) throws {
    #expect(try Self.expand(template, ["username": .string(username)]) == expected)
  }

  @Test func section1_1DictionaryAndSearch() throws {
    let dictionary = try URITemplate("http://example.com/dictionary/{term:1}/{term}")
    #expect(try dictionary.expand(["term": "cat"]) == "http://example.com/dictionary/c/cat")
    #expect(try dictionary.expand(["term": "dog"]) == "http://example.com/dictionary/d/dog")
    let search = try URITemplate("http://example.com/search{?q,lang}")
    #expect(try search.expand(["q": "cat", "lang": "en"]) == "http://example.com/search?q=cat&lang=en")
    #expect(try search.expand(["q": "chien", "lang": "fr"]) == "http://example.com/search?q=chien&lang=fr")
  }

  /// Section 1.2, levels 1 to 4.
  @Test(arguments: [
    ("{var}", "value"), ("{hello}", "Hello%20World%21"),
    ("{+var}", "value"), ("{+hello}", "Hello%20World!"), ("{+path}/here", "/foo/bar/here"),
    ("here?ref={+path}", "here?ref=/foo/bar"), ("X{#var}", "X#value"), ("X{#hello}", "X#Hello%20World!"),
    ("map?{x,y}", "map?1024,768"), ("{x,hello,y}", "1024,Hello%20World%21,768"),
    ("{+x,hello,y}", "1024,Hello%20World!,768"), ("{+path,x}/here", "/foo/bar,1024/here"),
    ("{#x,hello,y}", "#1024,Hello%20World!,768"), ("{#path,x}/here", "#/foo/bar,1024/here"),
    ("X{.var}", "X.value"), ("X{.x,y}", "X.1024.768"), ("{/var}", "/value"), ("{/var,x}/here", "/value/1024/here"),
    ("{;x,y}", ";x=1024;y=768"), ("{;x,y,empty}", ";x=1024;y=768;empty"), ("{?x,y}", "?x=1024&y=768"),
    ("{?x,y,empty}", "?x=1024&y=768&empty="), ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("{&x,y,empty}", "&x=1024&y=768&empty="),
    ("{var:3}", "val"), ("{var:30}", "value"), ("{list}", "red,green,blue"), ("{list*}", "red,green,blue"),
    ("{keys}", "semi,%3B,dot,.,comma,%2C"), ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
    ("{+path:6}/here", "/foo/b/here"), ("{+list}", "red,green,blue"), ("{+list*}", "red,green,blue"),
    ("{+keys}", "semi,;,dot,.,comma,,"), ("{+keys*}", "semi=;,dot=.,comma=,"),
    ("{#path:6}/here", "#/foo/b/here"), ("{#list}", "#red,green,blue"), ("{#list*}", "#red,green,blue"),
    ("{#keys}", "#semi,;,dot,.,comma,,"), ("{#keys*}", "#semi=;,dot=.,comma=,"),
    ("X{.var:3}", "X.val"), ("X{.list}", "X.red,green,blue"), ("X{.list*}", "X.red.green.blue"),
    ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"), ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    ("{/var:1,var}", "/v/value"), ("{/list}", "/red,green,blue"), ("{/list*}", "/red/green/blue"),
    ("{/list*,path:4}", "/red/green/blue/%2Ffoo"), ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    ("{/keys*}", "/semi=%3B/dot=./comma=%2C"), ("{;hello:5}", ";hello=Hello"), ("{;list}", ";list=red,green,blue"),
    ("{;list*}", ";list=red;list=green;list=blue"), ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"), ("{?var:3}", "?var=val"), ("{?list}", "?list=red,green,blue"),
    ("{?list*}", "?list=red&list=green&list=blue"), ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
    ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"), ("{&var:3}", "&var=val"), ("{&list}", "&list=red,green,blue"),
    ("{&list*}", "&list=red&list=green&list=blue"), ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
  ])
  func section1_2Levels(template: String, expected: String) throws {
    #expect(try Self.expand(template) == expected)
  }

  /// Section 2.4.1 (prefix values) and 2.4.2 (composite values).
  @Test func section2_4Modifiers() throws {
    let prefix: JSON = ["var": "value", "semi": ";"]
    #expect(try Self.expand("{var}", prefix) == "value")
    #expect(try Self.expand("{var:20}", prefix) == "value")
    #expect(try Self.expand("{var:3}", prefix) == "val")
    #expect(try Self.expand("{semi}", prefix) == "%3B")
    #expect(try Self.expand("{semi:2}", prefix) == "%3B")
    let composite: JSON = ["year": ["1965", "2000", "2012"], "dom": ["example", "com"]]
    #expect(try Self.expand("find{?year*}", composite) == "find?year=1965&year=2000&year=2012")
    #expect(try Self.expand("www{.dom*}", composite) == "www.example.com")
  }

  /// Sections 3.2.1 to 3.2.9.
  @Test(arguments: [
    // 3.2.1 Variable Expansion
    ("{count}", "one,two,three"), ("{count*}", "one,two,three"), ("{/count}", "/one,two,three"),
    ("{/count*}", "/one/two/three"), ("{;count}", ";count=one,two,three"),
    ("{;count*}", ";count=one;count=two;count=three"), ("{?count}", "?count=one,two,three"),
    ("{?count*}", "?count=one&count=two&count=three"), ("{&count*}", "&count=one&count=two&count=three"),
    // 3.2.2 Simple String Expansion
    ("{var}", "value"), ("{hello}", "Hello%20World%21"), ("{half}", "50%25"), ("O{empty}X", "OX"),
    ("O{undef}X", "OX"), ("{x,y}", "1024,768"), ("{x,hello,y}", "1024,Hello%20World%21,768"),
    ("?{x,empty}", "?1024,"), ("?{x,undef}", "?1024"), ("?{undef,y}", "?768"), ("{var:3}", "val"),
    ("{var:30}", "value"), ("{list}", "red,green,blue"), ("{list*}", "red,green,blue"),
    ("{keys}", "semi,%3B,dot,.,comma,%2C"), ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
    // 3.2.3 Reserved Expansion
    ("{+var}", "value"), ("{+hello}", "Hello%20World!"), ("{+half}", "50%25"),
    ("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"), ("{+base}index", "http://example.com/home/index"),
    ("O{+empty}X", "OX"), ("O{+undef}X", "OX"), ("{+path}/here", "/foo/bar/here"),
    ("here?ref={+path}", "here?ref=/foo/bar"), ("up{+path}{var}/here", "up/foo/barvalue/here"),
    ("{+x,hello,y}", "1024,Hello%20World!,768"), ("{+path,x}/here", "/foo/bar,1024/here"),
    ("{+path:6}/here", "/foo/b/here"), ("{+list}", "red,green,blue"), ("{+list*}", "red,green,blue"),
    ("{+keys}", "semi,;,dot,.,comma,,"), ("{+keys*}", "semi=;,dot=.,comma=,"),
    // 3.2.4 Fragment Expansion
    ("{#var}", "#value"), ("{#hello}", "#Hello%20World!"), ("{#half}", "#50%25"), ("foo{#empty}", "foo#"),
    ("foo{#undef}", "foo"), ("{#x,hello,y}", "#1024,Hello%20World!,768"), ("{#path,x}/here", "#/foo/bar,1024/here"),
    ("{#path:6}/here", "#/foo/b/here"), ("{#list}", "#red,green,blue"), ("{#list*}", "#red,green,blue"),
    ("{#keys}", "#semi,;,dot,.,comma,,"), ("{#keys*}", "#semi=;,dot=.,comma=,"),
    // 3.2.5 Label Expansion with Dot-Prefix
    ("{.who}", ".fred"), ("{.who,who}", ".fred.fred"), ("{.half,who}", ".50%25.fred"),
    ("www{.dom*}", "www.example.com"),
    ("X{.var}", "X.value"), ("X{.empty}", "X."), ("X{.undef}", "X"), ("X{.var:3}", "X.val"),
    ("X{.list}", "X.red,green,blue"), ("X{.list*}", "X.red.green.blue"), ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"), ("X{.empty_keys}", "X"), ("X{.empty_keys*}", "X"),
    // 3.2.6 Path Segment Expansion
    ("{/who}", "/fred"), ("{/who,who}", "/fred/fred"), ("{/half,who}", "/50%25/fred"), ("{/who,dub}", "/fred/me%2Ftoo"),
    ("{/var}", "/value"), ("{/var,empty}", "/value/"), ("{/var,undef}", "/value"),
    ("{/var,x}/here", "/value/1024/here"),
    ("{/var:1,var}", "/v/value"), ("{/list}", "/red,green,blue"), ("{/list*}", "/red/green/blue"),
    ("{/list*,path:4}", "/red/green/blue/%2Ffoo"), ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    // 3.2.7 Path-Style Parameter Expansion
    ("{;who}", ";who=fred"), ("{;half}", ";half=50%25"), ("{;empty}", ";empty"),
    ("{;v,empty,who}", ";v=6;empty;who=fred"),
    ("{;v,bar,who}", ";v=6;who=fred"), ("{;x,y}", ";x=1024;y=768"), ("{;x,y,empty}", ";x=1024;y=768;empty"),
    ("{;x,y,undef}", ";x=1024;y=768"), ("{;hello:5}", ";hello=Hello"), ("{;list}", ";list=red,green,blue"),
    ("{;list*}", ";list=red;list=green;list=blue"), ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    // 3.2.8 Form-Style Query Expansion
    ("{?who}", "?who=fred"), ("{?half}", "?half=50%25"), ("{?x,y}", "?x=1024&y=768"),
    ("{?x,y,empty}", "?x=1024&y=768&empty="), ("{?x,y,undef}", "?x=1024&y=768"), ("{?var:3}", "?var=val"),
    ("{?list}", "?list=red,green,blue"), ("{?list*}", "?list=red&list=green&list=blue"),
    ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"), ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
    // 3.2.9 Form-Style Query Continuation
    ("{&who}", "&who=fred"), ("{&half}", "&half=50%25"), ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("{&x,y,empty}", "&x=1024&y=768&empty="), ("{&var:3}", "&var=val"), ("{&list}", "&list=red,green,blue"),
    ("{&list*}", "&list=red&list=green&list=blue"), ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
  ])
  func section3_2Operators(template: String, expected: String) throws {
    #expect(try Self.expand(template) == expected)
  }
}
