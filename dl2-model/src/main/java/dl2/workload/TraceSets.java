package dl2.workload;

import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import java.util.ArrayList;
import java.util.List;

/** Generated trace sets of a preset, seeded by {@link TraceSet} streams of one base seed. */
public final class TraceSets {
  /** The documented default base seed (the original used 9973 for validation). */
  public static final long DEFAULT_BASE_SEED = 9973;

  private TraceSets() {}

  /**
   * Generator seed of trace {@code index} of {@code agent} in {@code set}. Agent is 0 outside
   * training.
   */
  public static long seed(long baseSeed, TraceSet set, int agent, int index) {
    return Rng.derive(baseSeed, set.seedStream(), agent, index);
  }

  /** Seed of the simulator's own randomness (speed noise) when running that trace. */
  public static long simulatorSeed(long baseSeed, TraceSet set, int agent, int index) {
    return Rng.derive(seed(baseSeed, set, agent, index), SeedStream.SIMULATOR);
  }

  public static List<Trace> validation(Preset preset, long baseSeed, int count) {
    return generate(preset, baseSeed, TraceSet.VALIDATION, 0, count);
  }

  public static List<Trace> test(Preset preset, long baseSeed, int count) {
    return generate(preset, baseSeed, TraceSet.TEST, 0, count);
  }

  public static List<Trace> training(Preset preset, long baseSeed, int agent, int count) {
    return generate(preset, baseSeed, TraceSet.TRAINING, agent, count);
  }

  private static List<Trace> generate(
      Preset preset, long baseSeed, TraceSet set, int agent, int count) {
    PaperWorkload generator = preset.generator();
    List<Trace> traces = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name =
          set == TraceSet.TRAINING ? set.prefix() + "-a" + agent + "-" + i : set.prefix() + "-" + i;
      traces.add(new Trace(name, generator.jobs(seed(baseSeed, set, agent, i))));
    }
    return traces;
  }
}
