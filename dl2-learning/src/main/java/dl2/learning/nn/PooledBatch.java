package dl2.learning.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * The activations and gradients of one batch: column rows in (sample, column) order, then one row
 * per sample.
 */
final class PooledBatch implements ColumnNetwork.Workspace {
  private final boolean frozen;
  private final int features;
  private final int embedding;
  private final int contextSize;
  final ColumnRows rows;
  final DenseRows[] embed;
  final DenseRows job;
  final DenseRows contextRows;
  final DenseRows out;
  final DenseRows stopHiddenRows;
  final DenseRows stopOutRows;
  final List<DenseRows> all = new ArrayList<>();
  double[][] input;
  final double[][][] pre;
  final double[][][] post;
  final double[][][] dPre;
  final double[][][] dPost;
  double[][] headPre;
  double[][] headPost;
  double[][] dHeadPre;
  double[][] dHeadPost;
  double[][] logits;
  double[][] dLogits;
  double[][] context;
  double[][] dContext;
  double[][] dContextStop;
  double[][] shared;
  double[][] dShared;
  double[][] stopPre;
  double[][] stopPost;
  double[][] dStopPre;
  double[][] dStopPost;
  double[][] stopValue;
  double[][] dStopValue;

  PooledBatch(PooledEmbeddings net, boolean frozen) {
    this.frozen = frozen;
    this.features = net.featuresPerColumn();
    this.embedding = net.embedding();
    this.contextSize = net.contextSize();
    this.rows = new ColumnRows(net.layout(), features);
    this.embed = new DenseRows[net.embed().size()];
    this.pre = new double[embed.length][][];
    this.post = new double[embed.length][][];
    this.dPre = new double[embed.length][][];
    this.dPost = new double[embed.length][][];
    this.job = new DenseRows(net.jobWeight(), null, embedding, embedding);
    this.contextRows = new DenseRows(net.contextHead());
    this.out = new DenseRows(net.outHead());
    this.stopHiddenRows = new DenseRows(net.stopHidden());
    this.stopOutRows = new DenseRows(net.stopOut());
    for (int h = 0; h < embed.length; h++) {
      embed[h] = new DenseRows(net.embed().get(h));
      all.add(embed[h]);
    }
    all.addAll(List.of(job, contextRows, out, stopHiddenRows, stopOutRows));
    if (frozen) {
      all.forEach(DenseRows::loadWeights);
    }
  }

  void prepare(double[][] x, int count) {
    if (!frozen) {
      all.forEach(DenseRows::loadWeights);
    }
    rows.index(x, count);
    int n = rows.rows;
    input = ColumnRows.ensure(input, n, features);
    for (int h = 0; h < embed.length; h++) {
      int width = embed[h].outputSize();
      pre[h] = ColumnRows.ensure(pre[h], n, width);
      post[h] = ColumnRows.ensure(post[h], n, width);
      dPre[h] = ColumnRows.ensure(dPre[h], n, width);
      dPost[h] = ColumnRows.ensure(dPost[h], n, width);
    }
    headPre = ColumnRows.ensure(headPre, n, embedding);
    headPost = ColumnRows.ensure(headPost, n, embedding);
    dHeadPre = ColumnRows.ensure(dHeadPre, n, embedding);
    dHeadPost = ColumnRows.ensure(dHeadPost, n, embedding);
    logits = ColumnRows.ensure(logits, n, 3);
    dLogits = ColumnRows.ensure(dLogits, n, 3);
    context = ColumnRows.ensure(context, count, contextSize);
    dContext = ColumnRows.ensure(dContext, count, contextSize);
    dContextStop = ColumnRows.ensure(dContextStop, count, contextSize);
    shared = ColumnRows.ensure(shared, count, embedding);
    dShared = ColumnRows.ensure(dShared, count, embedding);
    stopPre = ColumnRows.ensure(stopPre, count, embedding);
    stopPost = ColumnRows.ensure(stopPost, count, embedding);
    dStopPre = ColumnRows.ensure(dStopPre, count, embedding);
    dStopPost = ColumnRows.ensure(dStopPost, count, embedding);
    stopValue = ColumnRows.ensure(stopValue, count, 1);
    dStopValue = ColumnRows.ensure(dStopValue, count, 1);
  }
}
