@testable import GridlsCLI
import Testing

/// The language server starts itself again with glibc's `hugetlb` tunable added to `GLIBC_TUNABLES`
/// (its big answers are faulted in with huge pages); a setting of the tunable is the user's and stays.
/// (What a process shows of the variable afterwards is glibc's rewriting of it: the value is tested.)
struct HugePagesTests {
    @Test func theTunableIsAddedToWhatIsThereUnlessItIsThere() {
        #expect(HugePages.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "") == "glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "glibc.malloc.check=0") == "glibc.malloc.check=0:glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "glibc.malloc.hugetlb=0") == nil)
        #expect(HugePages.tunables(adding: "glibc.malloc.hugetlb=1") == nil)
    }
}
