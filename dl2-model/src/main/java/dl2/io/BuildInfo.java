package dl2.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What this build is: the project version and the git commit it was built from, written into {@code
 * dl2/build.properties} by Maven. A build outside a git checkout has no commit.
 *
 * @param version the project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the full commit hash, or empty when unknown
 * @param dirty whether the working tree had uncommitted changes when it was built
 */
public record BuildInfo(String version, String commit, boolean dirty) {
  private static final String RESOURCE = "/dl2/build.properties";
  private static final BuildInfo CURRENT = read();

  /** The build this code is part of. */
  public static BuildInfo current() {
    return CURRENT;
  }

  /**
   * The first 12 characters of the commit, "+dirty" when built from a changed tree, or "unknown".
   */
  public String shortCommit() {
    if (commit.isEmpty()) {
      return "unknown";
    }
    return commit.substring(0, Math.min(12, commit.length())) + (dirty ? "+dirty" : "");
  }

  /** E.g. {@code dl2 0.1.0-SNAPSHOT (commit 4247bd5d1c2e)}. */
  public String describe() {
    return "dl2 " + version + " (commit " + shortCommit() + ")";
  }

  private static BuildInfo read() {
    Properties properties = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new BuildInfo(
        filled(properties.getProperty("version")),
        filled(properties.getProperty("commit")),
        Boolean.parseBoolean(filled(properties.getProperty("dirty"))));
  }

  /** A property Maven filled in, or "" for one it left as a placeholder or never wrote. */
  private static String filled(String value) {
    return value == null || value.startsWith("${") ? "" : value.strip();
  }
}
