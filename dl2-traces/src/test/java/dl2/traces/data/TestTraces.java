package dl2.traces.data;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The public traces for tests that read them, found where the commands find them (DL2_DATA or the
 * Java property dl2.data, the XDG data directory, ../shared/traces beside the checkout). Without
 * them such a test is skipped, unless DL2_REQUIRE_TRACES=1 (as .ci/run sets it): then it fails.
 */
public final class TestTraces {
  private TestTraces() {}

  /**
   * {@code relative} under the public traces folder; skips or fails the test when it is not there.
   */
  public static Path require(String relative) {
    Optional<Path> root = locations().root().filter(r -> Files.exists(r.resolve(relative)));
    if (root.isEmpty()) {
      String message =
          "the public traces are not here ("
              + relative
              + "): get them with "
              + TraceLocations.FETCH;
      if ("1".equals(System.getenv("DL2_REQUIRE_TRACES"))) {
        fail(message + " (DL2_REQUIRE_TRACES=1 requires them)");
      }
      assumeTrue(false, message);
    }
    return root.get().resolve(relative);
  }

  /** The folder that holds the public traces; skips or fails the test when there is none. */
  public static Path folder() {
    Path gavel = require("gavel");
    return gavel.getParent();
  }

  /**
   * As the commands locate them, for a module directory of the checkout (Maven runs tests there).
   */
  static TraceLocations locations() {
    Map<String, String> env = new HashMap<>(System.getenv());
    String property = System.getProperty("dl2.data");
    if (property != null) {
      env.put("DL2_DATA", property);
    }
    return TraceLocations.of(env, Path.of("..").toAbsolutePath().normalize());
  }
}
