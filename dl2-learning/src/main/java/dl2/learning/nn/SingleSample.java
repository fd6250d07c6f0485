package dl2.learning.nn;

/** One-sample passes of a {@link ColumnNetwork} through a private batch-of-one workspace. */
final class SingleSample {
  private final ColumnNetwork network;
  private final double[][] x = new double[1][];
  private final double[][] y = new double[1][];
  private final double[][] dy = new double[1][];
  private ColumnNetwork.Workspace workspace;

  SingleSample(ColumnNetwork network) {
    this.network = network;
  }

  void forward(double[] input, double[] output) {
    if (workspace == null) {
      workspace = network.newWorkspace(false);
    }
    x[0] = input;
    y[0] = output;
    network.forward(x, 1, y, workspace);
  }

  /** Adds one sample's gradients (its forward pass is run again first). */
  void backward(double[] input, double[] dOutput) {
    forward(input, new double[network.outputSize()]);
    dy[0] = dOutput;
    network.backward(dy, workspace);
  }
}
