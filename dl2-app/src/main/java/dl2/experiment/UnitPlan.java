package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.shard.ShardBalance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The planning pass of a sharded run: the studies run with stand-in results, and every unit they
 * ask for is listed in order. Units are grouped so that a unit that starts from or evaluates a
 * policy stays with the unit that produced it (a warm-up and the RL run after it, the phases of one
 * run); the groups are then dealt to the shards by {@link ShardBalance}.
 */
final class UnitPlan implements WorkUnits {
  private final List<WorkUnit<?>> units = new ArrayList<>();
  private final Map<String, Object> standIns = new HashMap<>();
  private final List<Integer> parent = new ArrayList<>();

  /** Which unit produced each policy, by identity (stand-ins are distinct objects). */
  private final Map<PolicyFile, Integer> producers = new IdentityHashMap<>();

  @Override
  @SuppressWarnings("unchecked")
  public <T> T run(WorkUnit<T> unit, Supplier<T> compute) {
    if (standIns.containsKey(unit.key())) {
      return (T) standIns.get(unit.key());
    }
    int position = units.size();
    units.add(unit);
    parent.add(position);
    for (PolicyFile input : unit.inputs()) {
      Integer producer = producers.get(input);
      if (producer != null) {
        union(producer, position);
      }
    }
    T standIn = unit.codec().standIn();
    unit.codec().outputs(standIn).forEach(p -> producers.put(p, position));
    standIns.put(unit.key(), standIn);
    return standIn;
  }

  /** The units in the order the studies asked for them. */
  List<WorkUnit<?>> units() {
    return List.copyOf(units);
  }

  /** The shard (0 … {@code shards} − 1) of every unit, by key. */
  Map<String, Integer> owners(int shards) {
    Map<Integer, Integer> groupOf =
        new LinkedHashMap<>(); // root → group number, in first-asked order
    List<Double> costs = new ArrayList<>();
    int[] group = new int[units.size()];
    for (int i = 0; i < units.size(); i++) {
      int g =
          groupOf.computeIfAbsent(
              root(i),
              r -> {
                costs.add(0.0);
                return costs.size() - 1;
              });
      group[i] = g;
      costs.set(g, costs.get(g) + units.get(i).cost());
    }
    int[] owner = ShardBalance.deal(costs, shards);
    Map<String, Integer> owners = new HashMap<>();
    for (int i = 0; i < units.size(); i++) {
      owners.put(units.get(i).key(), owner[group[i]]);
    }
    return owners;
  }

  private int root(int i) {
    while (parent.get(i) != i) {
      parent.set(i, parent.get(parent.get(i)));
      i = parent.get(i);
    }
    return i;
  }

  private void union(int a, int b) {
    int ra = root(a);
    int rb = root(b);
    if (ra != rb) {
      parent.set(Math.max(ra, rb), Math.min(ra, rb)); // the earlier unit roots the group
    }
  }
}
