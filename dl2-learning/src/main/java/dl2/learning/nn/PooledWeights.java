package dl2.learning.nn;

import java.util.List;

/**
 * A {@link PooledEmbeddings} network's weights in single precision, laid out for {@link
 * PooledInference}: φ's layers as [in][out] rows, A, the context head B fused with the stop head's
 * first layer S₁ ([B | S₁] and [a | s₁]), C, and S₂.
 */
record PooledWeights(
    int embedding,
    float[][][] embedRows,
    float[][] embedBias,
    float[][] jobRows,
    float[][] contextRows,
    float[] contextBias,
    float[][] outRows,
    float[] outBias,
    float[] stopWeight,
    float stopBias) {
  static PooledWeights of(PooledEmbeddings pooled) {
    int globals = pooled.layout().globalFeatures();
    List<Dense> embed = pooled.embed();
    int embedding = embed.get(embed.size() - 1).outputSize();
    float[][][] embedRows = new float[embed.size()][][];
    float[][] embedBias = new float[embed.size()][];
    for (int l = 0; l < embed.size(); l++) {
      Dense d = embed.get(l);
      embedRows[l] = FloatRows.of(d.params().get(0).value(), d.inputSize(), d.outputSize());
      embedBias[l] = FloatRows.of(d.params().get(1).value());
    }
    float[][] jobRows = FloatRows.of(pooled.jobWeight().value(), embedding, embedding);
    int contextSize = embedding + 1 + globals;
    float[][] b =
        FloatRows.of(pooled.contextHead().params().get(0).value(), contextSize, embedding);
    float[][] s = FloatRows.of(pooled.stopHidden().params().get(0).value(), contextSize, embedding);
    float[][] contextRows = new float[contextSize][2 * embedding];
    for (int i = 0; i < contextSize; i++) {
      System.arraycopy(b[i], 0, contextRows[i], 0, embedding);
      System.arraycopy(s[i], 0, contextRows[i], embedding, embedding);
    }
    float[] contextBias = new float[2 * embedding];
    System.arraycopy(
        FloatRows.of(pooled.contextHead().params().get(1).value()), 0, contextBias, 0, embedding);
    System.arraycopy(
        FloatRows.of(pooled.stopHidden().params().get(1).value()),
        0,
        contextBias,
        embedding,
        embedding);
    float[][] outRows = FloatRows.of(pooled.outHead().params().get(0).value(), embedding, 3);
    float[] outBias = FloatRows.of(pooled.outHead().params().get(1).value());
    float[] stopWeight = FloatRows.of(pooled.stopOut().params().get(0).value());
    float stopBias = (float) pooled.stopOut().params().get(1).value()[0];
    return new PooledWeights(
        embedding,
        embedRows,
        embedBias,
        jobRows,
        contextRows,
        contextBias,
        outRows,
        outBias,
        stopWeight,
        stopBias);
  }
}
