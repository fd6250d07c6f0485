package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuildInfoTest {
  @Test
  void describesVersionAndShortCommit() {
    BuildInfo built = new BuildInfo("0.1.0", "4247bd55909d0123456789abcdef0123456789ab", false);

    assertThat(built.describe()).isEqualTo("dl2 0.1.0 (commit 4247bd55909d)");
    assertThat(new BuildInfo("0.1.0", "abc", true).shortCommit()).isEqualTo("abc+dirty");
    assertThat(new BuildInfo("0.1.0", "", false).shortCommit()).isEqualTo("unknown");
  }

  @Test
  void theBuildKnowsItsVersion() {
    // Maven filtered dl2/build.properties when it built this module.
    assertThat(BuildInfo.current().version()).isNotEmpty().doesNotContain("${");
  }
}
