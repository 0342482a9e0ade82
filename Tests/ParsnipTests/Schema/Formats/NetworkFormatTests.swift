import Testing

@testable import Parsnip

/// E-mail addresses, host names and IP addresses (RFC 5321, RFC 6531, RFC 1123, RFC 5890–5892, RFC 2673,
/// RFC 4291), with the JSON-Schema-Test-Suite's cases.
@Suite struct NetworkFormatTests {
  static let greek = String(repeating: "παράδειγμα", count: 6)
  static let tooLongGreek = String(repeating: "παράδειγμα", count: 7)

  static let cases =
    FormatCase.table(
      "email",
      valid: [
        "joe.bloggs@example.com", "te~st@example.com", "~test@example.com", "test~@example.com",
        "\"joe bloggs\"@example.com", "\"joe..bloggs\"@example.com", "\"joe@bloggs\"@example.com",
        "joe.bloggs@[127.0.0.1]", "joe.bloggs@[IPv6:::1]", "te.s.t@example.com", "test@255.255.255.255",
        "\"\"@iana.org", "\" \"@iana.org", "test@c--n.com", "test@123.com", "\"test\"@iana.org", "\"\\a\"@iana.org",
        "\"\\\"\"@iana.org", "\"\\\\\"@iana.org", "test@io", "a@[ipv6:::1]",
        String(repeating: "a", count: 64) + "@x.io",
      ],
      invalid: [
        "2962", ".test@example.com", "test.@example.com", "te..st@example.com", "joe.bloggs@invalid=domain.com",
        "joe.bloggs@[127.0.0.300]", "user1@oceania.org, user2@oceania.org",
        "\"Winston Smith\" <winston.smith@recdep.minitrue> (Records Department)", "@example.com", "joe.bloggs@",
        "joe bloggs@example.com", "aé@iana.org", "a@é.org", "a\u{FF20}iana.org", "\"test\\\u{A9}\"@iana.org",
        "test@iana.org\n", "test@iana.org\r", "a@iana.org ", " a@iana.org", "a\tb@iana.org", "\u{7F}@iana.org",
        "test\"@iana.org", "\"test\"test@iana.org", "\"test@iana.org", "a@b@c.org", "test\\@test@iana.org",
        "[1.2.3.4]@iana.org", "", "test@-iana.org", "test@iana-.com", "test@.iana.org", "test@iana.org.",
        "test@iana..com", "test@[1.2.3.4", "a@[]", "a@[1.2.3]", "a@[1.2.3.4.5]", "test@[RFC-5322-domain-literal]",
        "test@a[255.255.255.255]", "a,b@iana.org", "a;b@iana.org", "a:b@iana.org", "test(comment)@iana.org",
        "a@b(c).org", String(repeating: "a", count: 65) + "@x.io",
      ])
    + FormatCase.table(
      "idn-email",
      valid: ["실례@실례.테스트", "joe.bloggs@example.com", "\"실 례\"@example.com", "δοκιμή@παράδειγμα.δοκιμή"],
      invalid: ["2962", "실례@", "실 례@example.com", "a@-실례.테스트"])
    + FormatCase.table(
      "hostname",
      valid: [
        "www.example.com", "xn--4gbwdl.xn--wgbh1c",
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk.com",
        "hostname", "host-name", "h0stn4me", "1host", "hostnam3", "c--n.com", "EXAMPLE.COM",
      ],
      invalid: [
        "-a-host-name-that-starts-with--", "not_a_valid_host_name",
        "a-vvvvvvvvvvvvvvvveeeeeeeeeeeeeeeerrrrrrrrrrrrrrrryyyyyyyyyyyyyyyy-long-host-name-component", "-hostname",
        "hostname-", "_hostname", "hostname_", "host_name",
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl.com", "", ".", "example.", ".example",
        "a..b", "xn--X", "ab--cd", "XN--aa---o47jg78q", "éxample.com", String(repeating: "a.", count: 127) + "ab",
      ])
    + FormatCase.table(
      "idn-hostname",
      valid: [
        "실례.테스트", "xn--ihqwcrb4cv8a8dqg056pqjye", "\u{DF}\u{3C2}\u{F0B}\u{3007}", "\u{6FD}\u{6FE}", "l\u{B7}l",
        "\u{3B1}\u{375}\u{3B2}", "\u{5D0}\u{5F3}\u{5D1}", "\u{5D0}\u{5F4}\u{5D1}", "\u{30FB}\u{3041}",
        "\u{30FB}\u{30A1}", "\u{30FB}\u{4E08}", "\u{628}\u{660}\u{628}", "\u{6F0}0", "\u{915}\u{94D}\u{200D}\u{937}",
        "\u{915}\u{94D}\u{200C}\u{937}", "\u{628}\u{64A}\u{200C}\u{628}\u{64A}", "hostname", "host-name",
        "h0stn4me", "1host", "hostnam3", "a.b", "a\u{3002}b", "a\u{FF0E}b", "a\u{FF61}b", greek + ".com",
        greek + "\u{3002}com", greek + "\u{FF0E}com", greek + "\u{FF61}com",
        String(repeating: "실", count: 62) + "례.테스트",
      ],
      invalid: [
        "\u{302E}실례.테스트", "실\u{302E}례.테스트",
        String(repeating: "실", count: 63) + "례.테스트", "-> $1.00 <--", "xn--X", "XN--aa---o47jg78q", "-hello",
        "hello-", "-hello-", "\u{903}hello", "\u{300}hello", "\u{488}hello", "\u{640}\u{7FA}",
        "\u{3031}\u{3032}\u{3033}\u{3034}\u{3035}\u{302E}\u{302F}\u{303B}", "a\u{B7}l", "\u{B7}l", "l\u{B7}a",
        "l\u{B7}", "\u{3B1}\u{375}S", "\u{3B1}\u{375}", "A\u{5F3}\u{5D1}", "\u{5F3}\u{5D1}", "A\u{5F4}\u{5D1}",
        "\u{5F4}\u{5D1}", "def\u{30FB}abc", "\u{30FB}", "\u{628}\u{660}\u{6F0}", "\u{915}\u{200D}\u{937}",
        "\u{200D}\u{937}", "", ".", "\u{3002}", "\u{FF0E}", "\u{FF61}", ".example", "\u{3002}example",
        "\u{FF0E}example", "\u{FF61}example", "example.", "example\u{3002}", "example\u{FF0E}", "example\u{FF61}",
        tooLongGreek + ".com", tooLongGreek + "\u{3002}com", tooLongGreek + "\u{FF0E}com",
        tooLongGreek + "\u{FF61}com", "a b", "\u{2665}.com",
      ])
    + FormatCase.table(
      "ipv4",
      valid: ["192.168.0.1", "0.0.0.0", "255.255.255.255", "87.10.0.1"],
      invalid: [
        "127.0.0.0.1", "256.256.256.256", "127.0", "0x7f000001", "2130706433", "087.10.0.1", "1২7.0.0.1",
        "192.168.1.0/24", "", "1.2.3.", ".1.2.3", "1..2.3", "1.2.3.4 ", "1234.1.1.1", "00.1.1.1",
      ])
    + FormatCase.table(
      "ipv6",
      valid: [
        "::1", "::abef", "::", "::42:ff:1", "d6::", "1:d6::42", "1::d6:192.168.0.1", "1:2::192.168.0.1",
        "::ffff:192.168.0.1", "1:2:3:4:5:6:7:8", "1000:1000:1000:1000:1000:1000:255.255.255.255",
        "2001:db8::7", "fe80::1", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "A:B:C:D:E:F:0:1",
      ],
      invalid: [
        "12345::", "::abcef", "1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1", "::laptop", ":2:3:4:5:6:7:8", "1:2:3:4:5:6:7:",
        ":2:3:4::8", "1::d6::42", "1::2:192.168.256.1", "1::2:192.168.ff.1", "1:2:3:4:5:::8", "1:2:3:4:5:6:7",
        "1", "127.0.0.1", "1:2:3:4:1.2.3", "  ::1", "::1  ", "fe80::/64", "fe80::a%eth1",
        "100:100:100:100:100:100:255.255.255.255.255", "100:100:100:100:100:100:100:255.255.255.255",
        "1:2:3:4:5:6:7:৪", "1:2::192.16৪.0.1", "::ffff:256.1.1.1", "", ":", ":::", "1:2:3:4:5:6:7:8::",
        "::1.2.3.4:1",
      ])

  @Test(arguments: cases)
  func network(_ check: FormatCase) {
    #expect(FormatAssertion.isValid(check.value, format: check.format) == check.isValid)
  }
}
