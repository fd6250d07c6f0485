package dl2.learning.speeds;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a cluster learnt about its job types' speeds from measurements: per model name, every
 * configuration measured as {@code [p, w, count, sum of measured epochs per slot]}. A policy file
 * carries the memory its training built ({@link ObservedSpeeds#memory()}), so the {@code dl2}
 * scheduler starts every run from what was measured in training, as a controller keeps its history,
 * instead of from nothing; a type never measured is still unknown, and everything is refined by the
 * run's own measurements. It holds measurements only, never a speed model.
 */
public record SpeedMemory(Map<String, List<double[]>> types) {
  public static final SpeedMemory EMPTY = new SpeedMemory(Map.of());

  public SpeedMemory {
    types = types == null ? Map.of() : new TreeMap<>(types);
    for (Map.Entry<String, List<double[]>> entry : types.entrySet()) {
      for (double[] point : entry.getValue()) {
        if (point.length != 4
            || !(point[0] >= 1)
            || !(point[1] >= 1)
            || !(point[2] >= 1)
            || !(point[3] > 0)
            || !Double.isFinite(point[3])) {
          throw new IllegalArgumentException(
              "bad speed memory of "
                  + entry.getKey()
                  + ": each point is [p >= 1, w >= 1, "
                  + "count >= 1, positive sum of epochs per slot]");
        }
      }
    }
  }

  @JsonIgnore
  public boolean isEmpty() {
    return types.isEmpty();
  }
}
