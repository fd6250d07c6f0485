package dl2.learning.nn;

import dl2.model.Rng;

/**
 * Timing harness (not a test): one-sample forward of an MLP in double vs float, same kernel
 * shape as {@link Dense} (input-major weights, output-contiguous inner loop, fixed order).
 * Run after {@code mvn -o -q -pl dl2-learning -am test-compile}: {@code java -cp
 * dl2-learning/target/test-classes:dl2-learning/target/classes:dl2-model/target/classes
 * dl2.learning.nn.PrecisionBenchmark}. JDK 17 C2 vectorises neither kernel, so float and double
 * time alike (see the commit message for numbers); the library uses double.
 */
public final class PrecisionBenchmark {
  private PrecisionBenchmark() {}

  public static void main(String[] args) {
    int hidden = args.length > 0 ? Integer.parseInt(args[0]) : 256;
    for (int input : new int[] {240, 520}) {
      int[] sizes = {input, hidden, hidden, 121};
      System.out.printf("layers %d-%d-%d-%d%n", input, hidden, hidden, 121);
      runDouble(sizes, input == 520);
      runFloat(sizes, input == 520);
      runDouble(sizes, input == 520);
      runFloat(sizes, input == 520);
      runMlp(input, hidden);
    }
  }

  /** The library itself: one-sample forward, and one B=256 forward+backward training pass. */
  private static void runMlp(int input, int hidden) {
    Mlp mlp = new Mlp(Mlp.builder(input).hidden(hidden, 2).output(121), new Rng(2));
    Rng rng = new Rng(3);
    double[][] batch = new double[256][input];
    for (double[] x : batch) {
      for (int i = 0; i < x.length; i++) {
        x[i] = input == 520 && rng.nextDouble() < 0.8 ? 0 : rng.nextDouble();
      }
    }
    double sink = 0;
    for (int round = 0; round < 3; round++) {
      int reps = 20000;
      long t0 = System.nanoTime();
      for (int r = 0; r < reps; r++) {
        sink += mlp.forward(batch[r & 255])[r % 121];
      }
      long t1 = System.nanoTime();
      System.out.printf("  Mlp one-sample forward: %.1f us (sink %.3g)%n",
          (t1 - t0) / 1e3 / reps, sink);
    }
    Tape tape = mlp.newTape();
    double[][] d = new double[256][121];
    for (double[] row : d) {
      java.util.Arrays.fill(row, 1e-3);
    }
    for (int round = 0; round < 3; round++) {
      int reps = 20;
      long t0 = System.nanoTime();
      for (int r = 0; r < reps; r++) {
        mlp.zeroGrad();
        mlp.backward(mlp.forward(batch, 256, tape), d);
      }
      long t1 = System.nanoTime();
      System.out.printf("  Mlp B=256 forward+backward: %.1f ms%n", (t1 - t0) / 1e6 / reps);
    }
  }

  private static void axpyAll(double[] x, double[] w, double[] y) {
    int out = y.length;
    for (int i = 0; i < x.length; i++) {
      double xi = x[i];
      if (xi == 0) {
        continue;
      }
      int base = i * out;
      for (int j = 0; j < out; j++) {
        y[j] += xi * w[base + j];
      }
    }
  }

  private static void axpyAll(float[] x, float[] w, float[] y) {
    int out = y.length;
    for (int i = 0; i < x.length; i++) {
      float xi = x[i];
      if (xi == 0) {
        continue;
      }
      int base = i * out;
      for (int j = 0; j < out; j++) {
        y[j] += xi * w[base + j];
      }
    }
  }

  private static void runDouble(int[] sizes, boolean oneHot) {
    Rng rng = new Rng(1);
    int n = sizes.length - 1;
    double[][] w = new double[n][];
    double[][] b = new double[n][];
    double[][] act = new double[n + 1][];
    for (int l = 0; l < n; l++) {
      w[l] = new double[sizes[l] * sizes[l + 1]];
      for (int i = 0; i < w[l].length; i++) {
        w[l][i] = 0.02 * rng.nextSymmetric();
      }
      b[l] = new double[sizes[l + 1]];
    }
    for (int l = 0; l <= n; l++) {
      act[l] = new double[sizes[l]];
    }
    double[][] inputs = new double[64][sizes[0]];
    for (double[] x : inputs) {
      for (int i = 0; i < x.length; i++) {
        x[i] = oneHot && rng.nextDouble() < 0.8 ? 0 : rng.nextDouble();
      }
    }
    double sink = 0;
    int reps = 20000;
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      for (int r = 0; r < reps; r++) {
        System.arraycopy(inputs[r & 63], 0, act[0], 0, sizes[0]);
        for (int l = 0; l < n; l++) {
          double[] x = act[l];
          double[] y = act[l + 1];
          double[] wl = w[l];
          int out = y.length;
          System.arraycopy(b[l], 0, y, 0, out);
          axpyAll(x, wl, y);
          if (l < n - 1) {
            for (int j = 0; j < out; j++) {
              y[j] = y[j] > 0 ? y[j] : 0;
            }
          }
        }
        sink += act[n][r % 121];
      }
      long t1 = System.nanoTime();
      System.out.printf("  double: %.1f us/forward (sink %.3g)%n", (t1 - t0) / 1e3 / reps, sink);
    }
  }

  private static void runFloat(int[] sizes, boolean oneHot) {
    Rng rng = new Rng(1);
    int n = sizes.length - 1;
    float[][] w = new float[n][];
    float[][] b = new float[n][];
    float[][] act = new float[n + 1][];
    for (int l = 0; l < n; l++) {
      w[l] = new float[sizes[l] * sizes[l + 1]];
      for (int i = 0; i < w[l].length; i++) {
        w[l][i] = (float) (0.02 * rng.nextSymmetric());
      }
      b[l] = new float[sizes[l + 1]];
    }
    for (int l = 0; l <= n; l++) {
      act[l] = new float[sizes[l]];
    }
    float[][] inputs = new float[64][sizes[0]];
    for (float[] x : inputs) {
      for (int i = 0; i < x.length; i++) {
        x[i] = oneHot && rng.nextDouble() < 0.8 ? 0 : (float) rng.nextDouble();
      }
    }
    double sink = 0;
    int reps = 20000;
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      for (int r = 0; r < reps; r++) {
        System.arraycopy(inputs[r & 63], 0, act[0], 0, sizes[0]);
        for (int l = 0; l < n; l++) {
          float[] x = act[l];
          float[] y = act[l + 1];
          float[] wl = w[l];
          int out = y.length;
          System.arraycopy(b[l], 0, y, 0, out);
          axpyAll(x, wl, y);
          if (l < n - 1) {
            for (int j = 0; j < out; j++) {
              y[j] = y[j] > 0 ? y[j] : 0;
            }
          }
        }
        sink += act[n][r % 121];
      }
      long t1 = System.nanoTime();
      System.out.printf("  float:  %.1f us/forward (sink %.3g)%n", (t1 - t0) / 1e3 / reps, sink);
    }
  }
}
