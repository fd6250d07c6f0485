package dl2.io;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The valid name a mistyped one was probably meant to be, for "did you mean" in error lines. Names
 * are compared by edit distance (insertions, deletions, substitutions and swaps of neighbours),
 * ignoring case; the first of equally close names wins, so the order of {@code valid} decides.
 */
public final class Suggestion {
  private Suggestion() {}

  /** {@code " (did you mean 'NAME'?)"} for a close valid name, else "". */
  public static String didYouMean(String typed, Collection<String> valid) {
    return closest(typed, valid).map(name -> " (did you mean '" + name + "'?)").orElse("");
  }

  /**
   * The valid name nearest {@code typed}, if within a third of its length (at least 1, at most 3
   * edits) and not {@code typed} itself; a name that differs only in case is the closest.
   */
  public static Optional<String> closest(String typed, Collection<String> valid) {
    if (typed == null || typed.isEmpty()) {
      return Optional.empty();
    }
    int allowed = Math.max(1, Math.min(3, typed.length() / 3));
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : valid) {
      if (name.equals(typed)) {
        continue;
      }
      int distance = distance(typed.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
      if (distance <= allowed && distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    return Optional.ofNullable(best);
  }

  /** Optimal-string-alignment distance: Levenshtein plus swaps of two neighbouring characters. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
