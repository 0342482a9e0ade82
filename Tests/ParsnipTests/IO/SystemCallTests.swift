import Testing

@testable import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("SystemCall")
struct SystemCallTests {
  @Test("a call interrupted by a signal is made again until it answers")
  func retriesInterruptedCalls() {
    var calls = 0
    let result = SystemCall.retryingInterrupts { () -> Int in
      calls += 1
      guard calls == 3 else {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == 42)
    #expect(calls == 3)
  }

  @Test("any other failure is returned at once, with its errno")
  func returnsOtherFailures() {
    var calls = 0
    let result = SystemCall.retryingInterrupts { () -> Int32 in
      calls += 1
      errno = EBADF
      return -1
    }
    #expect(result == -1)
    #expect(errno == EBADF)
    #expect(calls == 1)
    #expect(SystemCall.errorDescription(EBADF) == String(cString: strerror(EBADF)))
  }

  @Test("fstat's file types: a directory is not a regular file")
  func fileTypes() {
    var info = stat()
    #expect(stat("/", &info) == 0)
    #expect(SystemCall.isDirectory(info))
    #expect(!SystemCall.isRegularFile(info))
  }
}
