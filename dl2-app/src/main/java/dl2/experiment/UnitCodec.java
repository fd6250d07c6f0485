package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.learning.rl.RlPoint;
import dl2.learning.sl.ValidationPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A work unit's result as numbers, for a shard's output file, and back; and the stand-in a shard
 * holds for a result that another shard computes (never written anywhere). The numbers are only
 * what the studies read of a result, so that the merge's tables and plots are a local run's.
 */
interface UnitCodec<T> {
  double[] encode(T result);

  T decode(double[] values);

  /** A placeholder for a result computed elsewhere: finite numbers, fresh stand-in policies. */
  T standIn();

  /** The policies {@code result} holds, which later units may start from or evaluate. */
  default List<PolicyFile> outputs(T result) {
    return List.of();
  }

  /** A mean average JCT. */
  UnitCodec<Double> JCT =
      new UnitCodec<>() {
        @Override
        public double[] encode(Double result) {
          return new double[] {result};
        }

        @Override
        public Double decode(double[] values) {
          return values[0];
        }

        @Override
        public Double standIn() {
          return 1.0;
        }
      };

  /** Per-trace average JCTs of {@code traces} traces and the 95th percentile JCT. */
  static UnitCodec<TraceJcts> traceJcts(int traces) {
    return new UnitCodec<>() {
      @Override
      public double[] encode(TraceJcts result) {
        double[] values = new double[result.averages().length + 1];
        values[0] = result.p95();
        System.arraycopy(result.averages(), 0, values, 1, result.averages().length);
        return values;
      }

      @Override
      public TraceJcts decode(double[] values) {
        return new TraceJcts(Arrays.copyOfRange(values, 1, values.length), values[0]);
      }

      @Override
      public TraceJcts standIn() {
        double[] ones = new double[traces];
        Arrays.fill(ones, 1.0);
        return new TraceJcts(ones, 1.0);
      }
    };
  }

  /**
   * A training run labelled {@code label}: its test JCTs and validation curve (its checkpoints stay
   * in its directory).
   */
  static UnitCodec<TrainedPolicy> trained(String label) {
    return new UnitCodec<>() {
      @Override
      public double[] encode(TrainedPolicy run) {
        List<double[]> points = run.curve().stream().map(RlPoint::values).toList();
        return Rows.join(new double[] {run.bestTestJct(), run.finalTestJct()}, points);
      }

      @Override
      public TrainedPolicy decode(double[] values) {
        List<RlPoint> curve =
            Rows.split(values, 2, RlPoint.COLUMNS.size()).stream().map(RlPoint::of).toList();
        return new TrainedPolicy(
            label, curve, StandInPolicy.create(), StandInPolicy.create(), values[0], values[1]);
      }

      @Override
      public TrainedPolicy standIn() {
        return new TrainedPolicy(
            label,
            List.of(new RlPoint(0, 1, 1, 0, 0, 0, 0)),
            StandInPolicy.create(),
            StandInPolicy.create(),
            1,
            1);
      }

      @Override
      public List<PolicyFile> outputs(TrainedPolicy run) {
        return List.of(run.best(), run.latest());
      }
    };
  }

  /**
   * A warm-up from {@code teacher}: its validation curve (its best checkpoint stays in its
   * directory).
   */
  static UnitCodec<TrainedWarmUp> warmUp(String teacher) {
    return new UnitCodec<>() {
      @Override
      public double[] encode(TrainedWarmUp warmUp) {
        List<double[]> points =
            warmUp.curve().stream()
                .map(
                    p ->
                        new double[] {
                          p.step(),
                          p.trainLoss(),
                          p.greedyJct(),
                          p.greedyMakespan(),
                          p.sampledJct(),
                          p.teacherJct(),
                          p.accuracy(),
                          p.crossEntropy()
                        })
                .toList();
        return Rows.join(new double[0], points);
      }

      @Override
      public TrainedWarmUp decode(double[] values) {
        List<ValidationPoint> curve =
            Rows.split(values, 0, 8).stream()
                .map(
                    v -> new ValidationPoint((long) v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]))
                .toList();
        return new TrainedWarmUp(teacher, curve, StandInPolicy.create());
      }

      @Override
      public TrainedWarmUp standIn() {
        return new TrainedWarmUp(
            teacher, List.of(new ValidationPoint(0, 1, 1, 1, 1, 1, 1, 1)), StandInPolicy.create());
      }

      @Override
      public List<PolicyFile> outputs(TrainedWarmUp warmUp) {
        return List.of(warmUp.best());
      }
    };
  }

  /** Fixed-width rows after a head of numbers, flattened. */
  final class Rows {
    private Rows() {}

    static double[] join(double[] head, List<double[]> rows) {
      double[] values =
          Arrays.copyOf(head, head.length + rows.stream().mapToInt(r -> r.length).sum());
      int at = head.length;
      for (double[] row : rows) {
        System.arraycopy(row, 0, values, at, row.length);
        at += row.length;
      }
      return values;
    }

    static List<double[]> split(double[] values, int head, int width) {
      if ((values.length - head) % width != 0) {
        throw new IllegalArgumentException(
            "rows of " + width + " numbers expected after " + head + ", found " + values.length);
      }
      List<double[]> rows = new ArrayList<>();
      for (int at = head; at < values.length; at += width) {
        rows.add(Arrays.copyOfRange(values, at, at + width));
      }
      return rows;
    }
  }
}
