package dl2.learning.sl;

import java.util.List;

/** Labelled samples as the arrays the loss functions take: states, masks and one-hot labels. */
record SupervisedBatch(double[][] states, boolean[][] masks, double[][] labels) {
  static SupervisedBatch of(List<LabelledSample> samples, int actions) {
    int n = samples.size();
    double[][] states = new double[n][];
    boolean[][] masks = new boolean[n][];
    double[][] labels = new double[n][actions];
    for (int b = 0; b < n; b++) {
      LabelledSample s = samples.get(b);
      states[b] = s.state();
      masks[b] = s.mask();
      if (s.hasLabel()) {
        labels[b][s.label()] = 1;
      }
    }
    return new SupervisedBatch(states, masks, labels);
  }
}
