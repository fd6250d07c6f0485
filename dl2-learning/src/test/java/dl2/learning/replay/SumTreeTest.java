package dl2.learning.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class SumTreeTest {

  private static SumTree tree(int capacity, double... priorities) {
    SumTree tree = new SumTree(capacity);
    for (double p : priorities) {
      tree.add(p);
    }
    return tree;
  }

  @Test
  void totalIsTheSumOfTheLeafPriorities() {
    SumTree tree = tree(4, 1, 2, 3, 4);
    assertThat(tree.total()).isEqualTo(10.0);
    assertThat(tree.min()).isEqualTo(1.0);
    assertThat(tree.size()).isEqualTo(4);
    assertThat(tree.isFull()).isTrue();
  }

  @Test
  void findGoesLeftWhenTheValueIsAtMostTheLeftSum() {
    // Leaves 1, 2, 3, 4: prefix sums 1, 3, 6, 10; a value on a boundary belongs to the left leaf.
    SumTree tree = tree(4, 1, 2, 3, 4);
    assertThat(tree.find(0.5)).isEqualTo(0);
    assertThat(tree.find(1.0)).isEqualTo(0);
    assertThat(tree.find(1.5)).isEqualTo(1);
    assertThat(tree.find(3.0)).isEqualTo(1);
    assertThat(tree.find(3.5)).isEqualTo(2);
    assertThat(tree.find(6.0)).isEqualTo(2);
    assertThat(tree.find(6.5)).isEqualTo(3);
    assertThat(tree.find(10.0)).isEqualTo(3);
  }

  @Test
  void valuesOutsideTheTotalClampToTheFirstOrLastNonEmptyLeaf() {
    SumTree tree = tree(5, 1, 1, 1);
    assertThat(tree.find(3.0 + 1e-9)).isEqualTo(2);
    assertThat(tree.find(100)).isEqualTo(2);
    assertThat(tree.find(0)).isEqualTo(0);
    assertThat(tree.find(-1)).isEqualTo(0);
    assertThat(tree.find(Double.NaN)).isEqualTo(2);
  }

  @Test
  void findNeverLandsOnAZeroPriorityLeaf() {
    SumTree tree = tree(4, 0, 2, 0, 4);
    assertThat(tree.find(0)).isEqualTo(1);
    assertThat(tree.find(2)).isEqualTo(1);
    assertThat(tree.find(2.5)).isEqualTo(3);
    assertThat(tree.find(7)).isEqualTo(3);
  }

  @Test
  void anEmptyTreeRefusesToSearchOrReportAMinimum() {
    SumTree tree = new SumTree(8);
    assertThat(tree.total()).isZero();
    assertThat(tree.size()).isZero();
    assertThatThrownBy(() -> tree.find(0.5)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(tree::min).isInstanceOf(IllegalStateException.class);
    SumTree zeros = tree(2, 0, 0);
    assertThatThrownBy(() -> zeros.find(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void addingBeyondCapacityOverwritesTheOldestLeaf() {
    SumTree tree = tree(3, 1, 2, 3);
    assertThat(tree.add(4)).isEqualTo(0);
    assertThat(tree.add(5)).isEqualTo(1);
    assertThat(tree.size()).isEqualTo(3);
    assertThat(tree.priority(0)).isEqualTo(4.0);
    assertThat(tree.priority(1)).isEqualTo(5.0);
    assertThat(tree.total()).isEqualTo(12.0);
    assertThat(tree.min()).isEqualTo(3.0);
  }

  @Test
  void setChangesOneLeafAndTheMinimumFollowsIt() {
    SumTree tree = tree(4, 1, 2, 3, 4);
    tree.set(0, 9);
    assertThat(tree.total()).isEqualTo(18.0);
    assertThat(tree.min()).isEqualTo(2.0);
    assertThat(tree.find(9.5)).isEqualTo(1);
  }

  @Test
  void setRejectsUnwrittenLeavesAndInvalidPriorities() {
    SumTree tree = tree(4, 1, 2);
    assertThatThrownBy(() -> tree.set(2, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> tree.set(0, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> tree.set(0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> tree.set(0, Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SumTree(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void findMatchesALinearPrefixScanOnANonPowerOfTwoCapacity() {
    // Quarter-integer priorities and values keep every sum exact, so the two must agree exactly.
    Rng rng = new Rng(11);
    int capacity = 37;
    SumTree tree = new SumTree(capacity);
    double[] leaves = new double[capacity];
    for (int i = 0; i < 3 * capacity; i++) {
      double p = rng.nextInt(12) / 4.0;
      leaves[tree.add(p)] = p;
    }
    for (int i = 0; i < 20; i++) {
      int leaf = rng.nextInt(capacity);
      leaves[leaf] = rng.nextInt(12) / 4.0;
      tree.set(leaf, leaves[leaf]);
    }
    for (int k = 0; k <= 4 * (int) tree.total(); k++) {
      double v = k / 4.0;
      assertThat(tree.find(v)).as("v = %s", v).isEqualTo(linearFind(leaves, v));
    }
  }

  @Test
  void theTreeIsAPureFunctionOfItsLeavesSoUpdatesDoNotDrift() {
    Rng rng = new Rng(5);
    int capacity = 100;
    SumTree updated = new SumTree(capacity);
    double[] leaves = new double[capacity];
    for (int i = 0; i < capacity; i++) {
      leaves[i] = rng.nextDouble();
      updated.add(leaves[i]);
    }
    for (int i = 0; i < 20_000; i++) {
      int leaf = rng.nextInt(capacity);
      leaves[leaf] = 1e3 * rng.nextDouble();
      updated.set(leaf, leaves[leaf]);
    }
    SumTree fresh = tree(capacity, leaves);
    assertThat(updated.total()).isEqualTo(fresh.total());
    assertThat(updated.find(updated.total())).isEqualTo(fresh.find(fresh.total()));
  }

  /**
   * The reference: the first non-empty leaf whose prefix sum reaches v, else the last non-empty
   * one.
   */
  private static int linearFind(double[] leaves, double v) {
    double prefix = 0;
    int last = -1;
    for (int i = 0; i < leaves.length; i++) {
      if (leaves[i] == 0) {
        continue;
      }
      prefix += leaves[i];
      last = i;
      if (v <= prefix) {
        return i;
      }
    }
    return last;
  }
}
