package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.VersionInfo;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's Kubernetes version from /version, e.g. 1.24 of {@code v1.24.0+0} (managed
 * clusters say minor "24+").
 */
public record ServerVersion(int major, int minor) implements Comparable<ServerVersion> {
  private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)");

  public static ServerVersion of(VersionInfo info) {
    return new ServerVersion(number(info.getMajor()), number(info.getMinor()));
  }

  private static int number(String text) {
    Matcher m = LEADING_NUMBER.matcher(text == null ? "" : text.trim());
    if (!m.find()) {
      throw new IllegalArgumentException("not a version number: " + text);
    }
    return Integer.parseInt(m.group(1));
  }

  public boolean atLeast(ServerVersion other) {
    return compareTo(other) >= 0;
  }

  @Override
  public int compareTo(ServerVersion other) {
    return major != other.major
        ? Integer.compare(major, other.major)
        : Integer.compare(minor, other.minor);
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
