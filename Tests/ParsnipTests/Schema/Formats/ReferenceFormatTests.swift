import Testing

@testable import Parsnip

/// URIs and IRIs (RFC 3986, RFC 3987), UUIDs, JSON Pointers, URI Templates and regular expressions, with the
/// JSON-Schema-Test-Suite's cases.
@Suite struct ReferenceFormatTests {
  static let cases =
    FormatCase.table(
      "uri",
      valid: [
        "http://foo.bar/?baz=qux#quux", "http://foo.com/blah_(wikipedia)_blah#cite-1",
        "http://foo.bar/?q=Test%20URL-encoded%20stuff", "http://xn--nw2a.xn--j6w193g/",
        "http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", "http://223.255.255.254",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://087.10.0.1/", "http://999.999.999.999/",
        "http://a.com:", "http://a.com:999999999", "http://:80", "http://@a.com", "http://user@",
        "http://!$&'()*+,;=.com", "http://example.com.", "http://exa~mple.com/", "http://under_score.com/",
        "http://[v1.fe80::a+en1]/", "file:///etc/hosts", "urn:isbn:0451450523", "a:", "http:?#",
      ],
      invalid: [
        "//foo.bar/?baz=qux#quux", "/abc", "\\\\WINDOWS\\fileshare", "abc", "http:// shouldfail.com",
        ":// should fail", "bar,baz:foo", "https://[@example.org/test.txt", "https://example.org/foobar®.txt",
        "https://example.org/foobar\\.txt", "https://example.org/foobar\".txt", "https://example.org/foobar<>.txt",
        "https://example.org/foobar{}.txt", "https://example.org/foobar^.txt", "https://example.org/foobar`.txt",
        "https://example.org/foo bar.txt", "https://example.org/foobar|.txt", "http://example.com/%6G",
        "http://example.com/%A", "http://example.com/%", "1http://example.com", "ht_tp://example.com",
        "http://example.com:abc/path", "http://a.com:8:0", "http://a.com::", "http://[::1", "http://[1.2.3.4]/",
        "http://a#b#c", "", "http://[v.x]/",
      ])
    + FormatCase.table(
      "uri-reference",
      valid: [
        "http://foo.bar/?baz=qux#quux", "//foo.bar/?baz=qux#quux", "/abc", "abc", "#fragment", "", "?query",
        "../a/b", "a/b:c", "#/$defs/x", "//[::1]:80/x", "http://087.10.0.1/", "?query=1", "//", "./this:that",
        "//[V1.fe]/p",
      ],
      invalid: [
        "\\\\WINDOWS\\fileshare", "#frag\\ment", "a:b:c d", ":x", "1a:b", "/a b", "#a#b", "http://a b/",
        "/foobar®.txt", "/%zz", "/a\"b", "/[::1]", "//example.com:abc/p", "//a@b@example.com/",
        "//[::ffff:192.168.0.01]/p", "1:b", "/p\n",
      ])
    + FormatCase.table(
      "iri",
      valid: [
        "http://ƒøø.ßår/?∂éœ=πîx#πîüx", "http://ƒøø.com/blah_(wîkïpédiå)_blah#ßité-1",
        "http://ƒøø.ßår/?q=Test%20URL-encoded%20stuff", "http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com",
        "http://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "http://[2001:0db8:85a3::8a2e:0370:7334]",
        "http://example.com/?\u{E000}", "http://[2001:db8::1]", "http://192.168.0.1/p", "urn:example:resource",
        "file:/etc/hosts", "http://ƒøø.ßår/𐌀", "http://ƒøø.ßår/?q=\u{F0000}",
      ],
      invalid: [
        "http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", "/abc", "\\\\WINDOWS\\filëßåré", "âππ",
        "http://example.com/\u{E000}", "http://example.com/\u{FFFF}", "http://[ƒ::1]/", "http://[::ffff:192.168.0.01]",
        "http://ƒøø.ßår/\n",
      ])
    + FormatCase.table(
      "iri-reference",
      valid: ["http://ƒøø.ßår/?∂éœ=πîx#πîüx", "//ƒøø.ßår/?∂éœ=πîx#πîüx", "/âππ", "âππ", "#ƒrägmênt", ""],
      invalid: ["\\\\WINDOWS\\filëßåré", "#ƒräg\\mênt", "ƒ ø"])
    + FormatCase.table(
      "uuid",
      valid: [
        "2EB8AA08-AA98-11EA-B4AA-73B441D16380", "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
        "2eb8aa08-AA98-11ea-B4Aa-73B441D16380", "00000000-0000-0000-0000-000000000000",
        "98d80576-482e-427f-8434-7f86890ab222", "99c17cbb-656f-564a-940f-1a4568f03487",
        "99c17cbb-656f-664a-940f-1a4568f03487", "99c17cbb-656f-f64a-940f-1a4568f03487",
      ],
      invalid: [
        "2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08-aa98-11ea-73b441d16380",
        "2eb8aa08-aa98-11ea-b4ga-73b441d16380", "2eb8aa08aa9811eab4aa73b441d16380",
        "2eb8aa08aa98-11ea-b4aa73b441d16380",
        "2eb8-aa08-aa98-11ea-b4aa73b44-1d16380", "2eb8aa08aa9811eab4aa73b441d16380----",
        "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", "",
      ])
    + FormatCase.table(
      "json-pointer",
      valid: [
        "/foo/bar~0/baz~1/%a", "/foo/baz/", "/foo//bar", "/foo/bar/", "", "/", "/~0", "/~1", "/ ", "/%25",
        "/foo/-", "/-/bar", "/~01", "/~1~0~0~1~1", "/~1.1", "/i\\j", "/k\"l", "/foo/bar/😎", "/\u{7F}", "/}",
        "/\u{FF5E}", "/foo\u{0}bar\n\tbaz",
      ],
      invalid: [
        "/foo/bar~", "#/foo", "#", "#a", "#/", "/~0~", "/~0/~", "/foo\u{0}~", "/~\u{FF10}", "/~2", "/~-1", "/~~", "a",
        "0", "a/a",
      ])
    + FormatCase.table(
      "relative-json-pointer",
      valid: [
        "1", "0/foo/bar", "2/0/baz/1/zip", "0#", "0+1", "0+1/foo", "1-2/bar", "0-0", "0-1#", "120/foo/bar", "100",
        "0//",
      ],
      invalid: [
        "/foo/bar", "1foo", "-1/foo/bar", "+1/foo/bar", "0+", "0-01", "0++1", "0+1not-a-pointer", "١/foo", "0##",
        "01/a", "01#", "", "0/~2", "0/foo/bar~", "1#/foo/bar", "1\n",
      ])
    + FormatCase.table(
      "uri-template",
      valid: [
        "http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary", "dictionary/{term:1}/{term}",
        "{+path}/here", "{?x,y}", "", "a%41b", "a\u{1F600}b", "a\u{E000}b", "a\u{F0000}b", "{+var}", "{#var}",
        "{.var}", "{/var}", "{;var}", "{?var}", "{&var}", "{var*}", "{x,y}", "{a.b}", "{%41}", "{v:1000}", "a'b",
      ],
      invalid: [
        "http://example.com/dictionary/{term:1}/{term", "{", "{x:0}", "{!x}", "{}", "{a,,b}", "{v:0}", "{v:10000}",
        "foo}bar", "a%", "a%4", "a%GG", "{a..b}", "{%}", "{%4}", "{%GG}", "{v:01}", "a b", "a\u{7F}b", "{a,}",
        "{var=def}", "{,+var}",
      ])
    + FormatCase.table(
      "regex",
      valid: [
        "([abc])+\\s+$", "(?<name>x)", "(?<n>a)\\k<n>", "(?<=a+)b", "[]", "[^]", "\\cA", "\\p{Script=Greek}",
        "a{99999}",
      ],
      invalid: [
        "^(abc]", "\\a", "(?P<name>x)", "(?P<n>a)(?P=n)", "(?#comment)a", "(?i)abc", "(?ims)abc", "a**", "[z-a]",
      ])

  @Test(arguments: cases)
  func references(_ check: FormatCase) {
    #expect(FormatAssertion.isValid(check.value, format: check.format) == check.isValid)
  }

  @Test func unknownFormatsAreNotAnswered() {
    #expect(FormatAssertion.isValid("x", format: "int64") == nil)
    #expect(FormatAssertion.isValid("x", format: "DATE") == nil)
    #expect(FormatAssertion.isValid("x", format: "") == nil)
  }

  /// Long hostile strings are answered quickly, by bounded work.
  @Test func longInputsAreBounded() {
    let long = String(repeating: "a", count: 200_000)
    for format in [
      "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
      "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
      "relative-json-pointer", "regex",
    ] {
      #expect(FormatAssertion.isValid(long, format: format) != nil, "\(format)")
    }
    #expect(FormatAssertion.isValid("xn--" + String(repeating: "a", count: 100_000), format: "hostname") == false)
    #expect(FormatAssertion.isValid(String(repeating: "ü", count: 100_000), format: "idn-hostname") == false)
    #expect(FormatAssertion.isValid(String(repeating: "[", count: 100_000), format: "regex") == false)
  }
}
