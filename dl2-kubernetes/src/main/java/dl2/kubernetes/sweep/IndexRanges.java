package dl2.kubernetes.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The index sets of an Indexed Job's status ({@code completedIndexes}, {@code failedIndexes}):
 * ascending indices and ranges, comma-separated, e.g. {@code 0-2,4}.
 */
public final class IndexRanges {
  private IndexRanges() {}

  /** The indices in {@code text}; null or empty is none. */
  public static SortedSet<Integer> parse(String text) {
    SortedSet<Integer> indices = new TreeSet<>();
    if (text == null || text.isBlank()) {
      return indices;
    }
    for (String part : text.split(",")) {
      String[] ends = part.trim().split("-", 2);
      int first = Integer.parseInt(ends[0].trim());
      int last = ends.length == 2 ? Integer.parseInt(ends[1].trim()) : first;
      for (int i = first; i <= last; i++) {
        indices.add(i);
      }
    }
    return indices;
  }

  /** {@code indices} as the API writes them. */
  public static String format(SortedSet<Integer> indices) {
    List<String> parts = new ArrayList<>();
    Integer first = null;
    Integer last = null;
    for (int i : indices) {
      if (last != null && i == last + 1) {
        last = i;
        continue;
      }
      if (first != null) {
        parts.add(first.equals(last) ? first.toString() : first + "-" + last);
      }
      first = i;
      last = i;
    }
    if (first != null) {
      parts.add(first.equals(last) ? first.toString() : first + "-" + last);
    }
    return String.join(",", parts);
  }
}
