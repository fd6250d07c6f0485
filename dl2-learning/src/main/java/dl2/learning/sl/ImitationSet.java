package dl2.learning.sl;

import dl2.learning.env.RunPlacement;
import dl2.learning.env.SlotEnvironment;
import dl2.learning.nn.Losses;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.slot.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A fixed sample of the teacher's decisions on the validation traces, for imitation accuracy and
 * validation cross-entropy (dl2-spec §7.12). Reservoir sampling keeps at most {@code capacity}
 * samples, chosen uniformly from all of them, without holding every decision in memory. Columns are
 * in arrival order, as the policy sees them when it schedules.
 */
final class ImitationSet {
  private final List<LabelledSample> samples;

  private ImitationSet(List<LabelledSample> samples) {
    this.samples = samples;
  }

  static ImitationSet record(
      List<Trace> traces,
      SimulatedClusters clusters,
      RunPlacement placement,
      IntFunction<Scheduler> teachers,
      Observer observer,
      TeacherSlot rules,
      int capacity,
      long seed) {
    Rng reservoirRng = new Rng(Rng.derive(seed, SeedStream.IMITATION_RESERVOIR));
    List<LabelledSample> reservoir = new ArrayList<>(capacity);
    long[] seen = {0};
    SlotEnvironment environment = new SlotEnvironment(clusters);
    for (int i = 0; i < traces.size(); i++) {
      environment.reset(traces.get(i), Rng.derive(seed, SeedStream.IMITATION_SIMULATOR, i));
      Scheduler step =
          placement.apply(
              rules.step(
                  teachers.apply(i),
                  observer,
                  new MeasuredSpeeds(),
                  null,
                  sample -> {
                    long n = ++seen[0];
                    if (reservoir.size() < capacity) {
                      reservoir.add(sample);
                    } else {
                      long j = (long) (reservoirRng.nextDouble() * n);
                      if (j < capacity) {
                        reservoir.set((int) j, sample);
                      }
                    }
                  }));
      while (!environment.done()) {
        environment.step(step);
      }
    }
    return new ImitationSet(List.copyOf(reservoir));
  }

  int size() {
    return samples.size();
  }

  /** Fraction of labelled samples whose masked argmax equals the teacher's action. */
  double accuracy(Mlp policy) {
    int labelled = 0;
    int correct = 0;
    double[] q = new double[policy.spec().outputSize()];
    for (LabelledSample s : samples) {
      if (s.hasLabel()) {
        labelled++;
        MaskedSoftmax.probabilities(policy.forward(s.state()), s.mask(), q);
        if (MaskedSoftmax.argmax(q, s.mask()) == s.label()) {
          correct++;
        }
      }
    }
    return labelled == 0 ? Double.NaN : (double) correct / labelled;
  }

  /** Mean cross-entropy over the set in batches of {@code batchSize}, weighted by batch size. */
  double crossEntropy(Mlp policy, int batchSize) {
    double total = 0;
    for (int from = 0; from < samples.size(); from += batchSize) {
      List<LabelledSample> batch =
          samples.subList(from, Math.min(samples.size(), from + batchSize));
      SupervisedBatch b = SupervisedBatch.of(batch, policy.spec().outputSize());
      double[][] dLogits = new double[batch.size()][policy.spec().outputSize()];
      total +=
          Losses.crossEntropy(policy.forward(b.states()).outputs(), b.masks(), b.labels(), dLogits)
              * batch.size();
    }
    return samples.isEmpty() ? Double.NaN : total / samples.size();
  }
}
