package dl2.traces.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Values in groups (e.g. one model's throughputs over batch sizes) and their pooled within-group
 * standard deviation: sqrt(Σ (x − mean of its group)² / Σ (group size − 1)) over groups of two or
 * more, so that differences between groups (models, GPUs) do not count as spread.
 */
final class Spread {
  private record Member(String name, double value) {}

  private final Map<String, List<Member>> groups = new TreeMap<>();

  /**
   * Adds {@code value} to {@code group}; {@code member} (e.g. a batch size) pairs it with other
   * spreads.
   */
  void add(String group, String member, double value) {
    groups.computeIfAbsent(group, g -> new ArrayList<>()).add(new Member(member, value));
  }

  /** The pooled standard deviation; NaN without any group of two. */
  double pooledSd() {
    double squares = 0;
    for (double deviation : deviations().values()) {
      squares += deviation * deviation;
    }
    return Math.sqrt(squares / degreesOfFreedom());
  }

  /** Σ (group size − 1) over groups of two or more. */
  int degreesOfFreedom() {
    return groups.values().stream().mapToInt(g -> g.size() >= 2 ? g.size() - 1 : 0).sum();
  }

  /** Groups of two or more. */
  int groupCount() {
    return (int) groups.values().stream().filter(g -> g.size() >= 2).count();
  }

  /**
   * Each value's deviation from its group's mean, keyed "group|member", for groups of two or more.
   */
  Map<String, Double> deviations() {
    Map<String, Double> out = new TreeMap<>();
    for (Map.Entry<String, List<Member>> group : groups.entrySet()) {
      List<Member> members = group.getValue();
      if (members.size() < 2) {
        continue;
      }
      double sum = 0;
      for (Member m : members) {
        sum += m.value();
      }
      double mean = sum / members.size();
      for (Member m : members) {
        out.put(group.getKey() + "|" + m.name(), m.value() - mean);
      }
    }
    return out;
  }
}
