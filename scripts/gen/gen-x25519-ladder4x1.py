#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The X25519 batch ladder loops of crypto_nPbatch/montgomery25519/
fe26x4-fe64-ladder-batch, for x86-64 with AVX2, BMI2 and ADX: four
Montgomery ladders in the four 64-bit lanes of ymm registers (radix
2^25.5, vpmuludq, the arithmetic of internal/field/fe26x4_avx2.h, the same
operations in the same row order) and ns = 0, 1 or 2 more ladders on the
integer unit (radix 2^64, mulx/adcx/adox, the arithmetic of
internal/field/amd64/fe64_macros.S), the ladder steps merged instruction
by instruction.

Why merged: out-of-order hardware overlaps two instruction streams only
within its window (some 256 instructions on Zen 3).  With the integer
step cut into ten blocks called between the vector operations, the
integer work overlapped only about 30% (doc/speed.md, "4+1").  Here the
integer instructions are spread one by one over the vector ones, so both
streams are always in the window together.

Why out of line: the whole merged step inlined is some 3,400 instructions
(22 KB); on Zen 3 it missed the op cache and ran at about the legacy
decoders' 4 instructions per cycle (measured 45.9k ticks per item at
batch 20 against 38.5k for the C four-lane batch).  So each product is a
function: the four-lane product merged with the integer items' products
on the same operands.  For that, every element of the state is a slot
of the four-lane element (320 bytes) followed by the integer items'
elements (32 bytes each): one set of pointers (h = rdi, f = rsi, g = rcx)
serves both streams, and the integer stream keeps the twelve registers
its products need.  The additions, the swap and the product by 121666
are merged inline in the loop.  The loop body is a few hundred
instructions and the products about 1,000 more, which the op cache holds.

Correctness of the merge: the vector stream uses only ymm0-ymm15, memory
through the pointer registers (which it does not change) and constants
through %rip; never a general register or the flags.  The integer stream
uses general registers other than the pointers, the flags, and its own
words of the slots.  The streams share no register and no memory word,
and each is emitted in its own order, so any interleaving computes what
either alone computes.

Output: one .S file with the loops ladder4x2_loop, ladder4x1_loop
(four lanes and two or one integer items) and ladder4_loop (four lanes
alone), each void f(uint64_t *state) with the state 32-byte aligned and
laid out as the C header written with it says (L4X1_*: byte offsets of
the slots and fields).

Eight lanes (--lanes 8, for crypto_nPbatch/montgomery25519/
fe26x8-fe64-ladder-batch, AVX-512F): the same code on zmm registers with
the EVEX names (vmovdqa64, vpandq, vpxorq), elements of ten 64-byte limbs
(VFE 640), the state 64-byte aligned, 64-byte constants, and up to NS8 = 3
integer items (ladder8x3_loop .. ladder8x1_loop, ladder8_loop; layout
L8X1_* in ladder8x1_layout.h).  vpblendvb has no zmm form: the swap mask
also goes to the opmask k1 (vptestmq) for vpblendmq.  The merge argument
holds as before: the vector stream uses zmm registers and k1, never a
general register or the flags.  fe26x8-fe64-ladder-batch also has the
four-lane loops (its groups of four to six), generated into its own
directory by the default form (the comment names the directory).

usage: gen-x25519-ladder4x1.py [--stats] [--lanes 4|8] -o FILE.S -H FILE.h
  run from the top of the tree:
  python3 scripts/gen/gen-x25519-ladder4x1.py \
    -o internal/method/amd64/x25519_ladder4x1.S \
    -H internal/method/amd64/x25519_ladder4x1_layout.h
  python3 scripts/gen/gen-x25519-ladder4x1.py --lanes 8 \
    -o crypto_nPbatch/montgomery25519/fe26x8-fe64-ladder-batch/ladder8x1.S \
    -H crypto_nPbatch/montgomery25519/fe26x8-fe64-ladder-batch/ladder8x1_layout.h
"""
import sys

# ---------------------------------------------------------------- layout
# LANES (4: ymm, the default; 8: zmm, --lanes 8) fixes the vector
# element's size and the state's alignment; setup() lays the state out.
LANES = 4
LB = 32             # one limb of all the lanes: 8 LANES bytes
VFE = 320           # one vector element: ten limbs of LB bytes
NS = 2              # integer-unit items at most
ALIGN = 32          # the state's alignment: one limb's
OFF = {}
_pos = 0


def _alloc(name, size):
    global _pos
    OFF[name] = _pos
    _pos += size


def _up(n):
    return -(-n // ALIGN) * ALIGN


def setup(lanes):
    """the layout for LANES = lanes (4 or 8); 8 lanes take up to NS8
    integer items"""
    global LANES, LB, VFE, NS, ALIGN, SLOT, STATE, SX1, _pos
    LANES, LB = lanes, 8 * lanes
    VFE, ALIGN = 10 * LB, LB
    NS = 2 if lanes == 4 else NS8
    # each vector element followed by the integer items' elements (4 x
    # 64 bits), the slot rounded up so that every element stays aligned
    SLOT = VFE + _up(32 * NS)
    OFF.clear()
    _pos = 0
    # x1's row factors (x1, 2 x1, 19 x1, 38 x1) and the integer items' x1
    _alloc('X1P', 4 * VFE + _up(32 * NS))
    # ladder state and temporaries, each a vector element with the
    # integer items' elements after it, so that one pointer serves both
    # streams
    for n in NAMES:
        _alloc(n, SLOT)
    _alloc('W', 5 * LB)         # 19/38 f_j, j = 5..9, of a squaring
    _alloc('SW', 4 * LB)        # the lanes' clamped scalars, 4 vectors
    _alloc('SWAP', LB)          # lane masks of the previous bit
    _alloc('SK', 32 * NS)       # the integer items' clamped scalars, bytes
    _alloc('SSWAP', 8 * NS)     # their previous bits (0 or 1)
    _alloc('LI', 8)             # the bit index, 254 down to 0 (public)
    _alloc('PAD', -_pos % ALIGN)
    STATE = _pos
    assert STATE % ALIGN == 0
    SX1 = OFF['X1P'] + 4 * VFE


# the most integer items with eight lanes: there the zmm stream is the
# bound and up to three integer items come almost free; measured on Zen 4
# (IFMA masked, interleaved, per item): groups of 8 + 3 25.2k, 8 + 4
# 24.8k, 8 + 5 26.8k; at batch 64 with the bulk in groups of 8 + 3, 8 + 4,
# 8 + 5: 25.2k, 26.0k, 25.6k; so no loops beyond three
NS8 = 3
NAMES = ('X2', 'Z2', 'X3', 'Z3', 'A', 'B', 'C', 'D', 'DA', 'CB', 'T', 'AA', 'BB', 'E', 'T3', 'T2')
setup(4)


class Op:
    """an element at off(base): vector limb i at off + 32 i, the fifth
    item's word k at off + VFE + 8 k (soff overrides off + VFE)"""
    def __init__(self, base, off=0, soff=None):
        self.base, self.off = base, off
        self.soff = off + VFE if soff is None else soff


def st(name):
    return Op('%rdi', OFF[name])


def m(name, k=0):
    """state memory name + k bytes off %rdi"""
    return '%d(%%rdi)' % (OFF[name] + k)


def limb(op, i):
    return '%d(%s)' % (op.off + LB * i, op.base)


def word(op, k):
    return '%d(%s)' % (op.soff + 8 * k, op.base)


def y(r):
    return '%%ymm%d' % r


# ---------------------------------------------------------------- vector
# The eight-lane code is the four-lane code with zmm for ymm and the EVEX
# names of the moves and logic operations (vpblendvb has no zmm form:
# the swap uses vpblendmq under the opmask k1, see V.swap_addsub).
EVEX = {'vmovdqa': 'vmovdqa64', 'vpand': 'vpandq', 'vpxor': 'vpxorq'}


def evex(s):
    op, _, rest = s.partition(' ')
    return EVEX.get(op, op) + ' ' + rest.replace('%ymm', '%zmm')


# t0..t9 in ymm0..ymm9 (column sums), row values in ymm10..ymm13,
# the product in ymm14 / ymm15 (alternating).
class V:
    def __init__(self):
        self.out = []
        self.tmp = 14

    def e(self, s):
        if LANES == 8:
            s = evex(s)
        self.out.append(s)

    def ptmp(self):
        self.tmp = 29 - self.tmp    # 14 <-> 15
        return self.tmp

    # products: dst = a * mem (a a register)
    def mac(self, first, t, a, mem):
        if first:
            self.e('vpmuludq %s, %s, %s' % (mem, y(a), y(t)))
        else:
            p = self.ptmp()
            self.e('vpmuludq %s, %s, %s' % (mem, y(a), y(p)))
            self.e('vpaddq %s, %s, %s' % (y(p), y(t), y(t)))

    def reduce_store(self, h):
        """the ten sums in ymm0..9 to TIGHT limbs, stored at h"""
        # the masks 2^26 - 1, 2^25 - 1 in ymm12, ymm13 (free after the rows)
        self.e('vmovdqa M26(%rip), %ymm12')
        self.e('vmovdqa M25(%rip), %ymm13')

        def carry(i):
            c = self.ptmp()
            self.e('vpsrlq $%d, %s, %s' % (25 if i & 1 else 26, y(i), y(c)))
            self.e('vpaddq %s, %s, %s' % (y(c), y(i + 1), y(i + 1)))
            self.e('vpand %s, %s, %s' % (y(13) if i & 1 else y(12), y(i), y(i)))
        carry(0); carry(4)
        carry(1); carry(5)
        carry(2); carry(6)
        carry(3); carry(7)
        carry(4); carry(8)
        # limbs 2, 3, 4 (first chain), 6, 7, 8 are final now
        for i in (2, 3, 4, 6, 7, 8):
            self.e('vmovdqa %s, %s' % (y(i), limb(h, i)))
        self.e('vpsrlq $25, %s, %s' % (y(9), y(14)))
        self.e('vpand %s, %s, %s' % (y(13), y(9), y(9)))
        self.e('vmovdqa %s, %s' % (y(9), limb(h, 9)))
        self.e('vpsllq $1, %s, %s' % (y(14), y(15)))
        self.e('vpaddq %s, %s, %s' % (y(15), y(0), y(0)))
        self.e('vpsllq $4, %s, %s' % (y(14), y(15)))
        self.e('vpaddq %s, %s, %s' % (y(14), y(0), y(0)))
        self.e('vpaddq %s, %s, %s' % (y(15), y(0), y(0)))
        self.e('vpsrlq $26, %s, %s' % (y(0), y(14)))
        self.e('vpand %s, %s, %s' % (y(12), y(0), y(0)))
        self.e('vpaddq %s, %s, %s' % (y(14), y(1), y(1)))
        self.e('vmovdqa %s, %s' % (y(0), limb(h, 0)))
        self.e('vmovdqa %s, %s' % (y(1), limb(h, 1)))
        self.e('vmovdqa %s, %s' % (y(5), limb(h, 5)))

    def mul(self, h, f, g, pre=False):
        """h = f g; with pre, f is the row-factor block X1P"""
        for i in range(10):
            need = set()
            for j in range(10):
                need.add(self.factor(i, j))
            a = {}
            if pre:
                for k, (nm, r) in enumerate((('1', 10), ('2', 11), ('19', 12), ('38', 13))):
                    if nm in need:
                        self.e('vmovdqa %d(%s), %s' % (f.off + VFE * k + LB * i, f.base, y(r)))
                        a[nm] = r
            else:
                self.e('vmovdqa %s, %s' % (limb(f, i), y(10)))
                a['1'] = 10
                if '2' in need:
                    self.e('vpaddq %s, %s, %s' % (y(10), y(10), y(11)))
                    a['2'] = 11
                if '19' in need or '38' in need:
                    self.e('vpmuludq K19(%%rip), %s, %s' % (y(10), y(12)))
                    a['19'] = 12
                if '38' in need:
                    self.e('vpaddq %s, %s, %s' % (y(12), y(12), y(13)))
                    a['38'] = 13
            for j in range(10):
                src = limb(g, j)
                if LANES == 8:
                    # g_j loaded once into zmm16 + j (row 0), then read
                    # from there: a tenth of the 512-bit loads
                    if i == 0:
                        self.e('vmovdqa %s, %s' % (src, y(16 + j)))
                    src = y(16 + j)
                self.mac(i == 0, (i + j) % 10, a[self.factor(i, j)], src)
        self.reduce_store(h)

    @staticmethod
    def factor(i, j):
        odd = (i & j) & 1
        if i + j >= 10:
            return '38' if odd else '19'
        return '2' if odd else '1'

    def sq(self, h, f, w):
        """h = f^2 (the symmetric form of fe26x4_sq)"""
        # eight lanes: f_j in zmm16 + j, 19/38 f_j in zmm21 + j (j >= 5),
        # not in memory
        r8 = LANES == 8
        if r8:
            for j in range(10):
                self.e('vmovdqa %s, %s' % (limb(f, j), y(16 + j)))
            for j in range(5, 10):
                self.e('vpmuludq %s, %s, %s' % ('K38(%rip)' if j & 1 else 'K19(%rip)', y(16 + j), y(21 + j)))
        for j in range(5, 10) if not r8 else ():
            self.e('vmovdqa %s, %s' % (limb(f, j), y(14)))
            self.e('vpmuludq %s, %s, %s' % ('K38(%rip)' if j & 1 else 'K19(%rip)', y(14), y(15)))
            self.e('vmovdqa %s, %s' % (y(15), limb(w, j - 5)))
        first = set(range(10))
        for i in range(10):
            fac = {}
            for j in range(i, 10):
                if i + j < 10:
                    if i == j:
                        fac[j] = '2' if i & 1 else '1'
                    else:
                        fac[j] = '4' if (i & j) & 1 else '2'
                else:
                    fac[j] = '1' if i == j or ((j & 1) and not (i & 1)) else '2'
            need = set(fac.values())
            if r8:
                a = {'1': 16 + i}
            else:
                self.e('vmovdqa %s, %s' % (limb(f, i), y(10)))
                a = {'1': 10}
            if '2' in need or '4' in need:
                self.e('vpaddq %s, %s, %s' % (y(a['1']), y(a['1']), y(11)))
                a['2'] = 11
            if '4' in need:
                self.e('vpaddq %s, %s, %s' % (y(11), y(11), y(12)))
                a['4'] = 12
            for j in range(i, 10):
                col = (i + j) % 10
                if r8:
                    mem = y(16 + j) if i + j < 10 else y(21 + j)
                else:
                    mem = limb(f, j) if i + j < 10 else limb(w, j - 5)
                self.mac(col in first, col, a[fac[j]], mem)
                first.discard(col)
        assert not first
        self.reduce_store(h)

    def add(self, h, f, g):
        for i in range(10):
            self.e('vmovdqa %s, %s' % (limb(f, i), y(i)))
            self.e('vpaddq %s, %s, %s' % (limb(g, i), y(i), y(i)))
            self.e('vmovdqa %s, %s' % (y(i), limb(h, i)))

    @staticmethod
    def twop(i):
        return 'TWOP0(%rip)' if i == 0 else ('TWOPO(%rip)' if i & 1 else 'TWOPE(%rip)')

    def sub(self, h, f, g, regs=False):
        """h = f + 2p - g; regs: the limbs of 2p (1..9) in ymm12, ymm13"""
        if regs:
            self.e('vmovdqa TWOPE(%rip), %ymm12')
            self.e('vmovdqa TWOPO(%rip), %ymm13')
        for i in range(10):
            tp = self.twop(i) if i == 0 or not regs else y(13 if i & 1 else 12)
            self.e('vmovdqa %s, %s' % (limb(f, i), y(i)))
            self.e('vpaddq %s, %s, %s' % (tp, y(i), y(i)))
            self.e('vpsubq %s, %s, %s' % (limb(g, i), y(i), y(i)))
            self.e('vmovdqa %s, %s' % (y(i), limb(h, i)))

    def swap_addsub(self, regs=False):
        """with the swap mask in ymm15: swap (x2, z2) and (x3, z3) where it
        is set and form A, B, C, D from the swapped values (x2 .. z3 in
        memory are rewritten later in the step, so the swap is not
        stored).  regs: the blends from registers and 2p (limbs 1..9) in
        ymm12, ymm13 (fewer loads), else the blends' second operands from
        memory"""
        if regs:
            self.e('vmovdqa TWOPE(%rip), %ymm12')
            self.e('vmovdqa TWOPO(%rip), %ymm13')
        for i in range(10):
            tp = self.twop(i) if i == 0 or not regs else y(13 if i & 1 else 12)
            self.e('vmovdqa %s, %s' % (limb(st('X2'), i), y(0)))
            self.e('vmovdqa %s, %s' % (limb(st('X3'), i), y(1)))
            self.e('vmovdqa %s, %s' % (limb(st('Z2'), i), y(4)))
            self.e('vmovdqa %s, %s' % (limb(st('Z3'), i), y(5)))
            if regs:
                src = (y(1), y(0), y(5), y(4))
            else:
                src = (limb(st('X3'), i), limb(st('X2'), i), limb(st('Z3'), i), limb(st('Z2'), i))
            for s, a, d in zip(src, (0, 1, 4, 5), (2, 3, 6, 7)):
                if LANES == 8:
                    # d = the lanes of s where k1 is set, of a elsewhere
                    self.e('vpblendmq %s, %s, %s{%%k1}' % (s, y(a), y(d)))
                else:
                    self.e('vpblendvb %s, %s, %s, %s' % (y(15), s, y(a), y(d)))
            self.e('vpaddq %s, %s, %s' % (y(6), y(2), y(8)))
            self.e('vmovdqa %s, %s' % (y(8), limb(st('A'), i)))
            self.e('vpaddq %s, %s, %s' % (tp, y(2), y(9)))
            self.e('vpsubq %s, %s, %s' % (y(6), y(9), y(9)))
            self.e('vmovdqa %s, %s' % (y(9), limb(st('B'), i)))
            self.e('vpaddq %s, %s, %s' % (y(7), y(3), y(10)))
            self.e('vmovdqa %s, %s' % (y(10), limb(st('C'), i)))
            self.e('vpaddq %s, %s, %s' % (tp, y(3), y(11)))
            self.e('vpsubq %s, %s, %s' % (y(7), y(11), y(11)))
            self.e('vmovdqa %s, %s' % (y(11), limb(st('D'), i)))

    def mul121666_add(self, h, f, g, regs=False):
        """h = 121666 f + g, one parallel carry round (MULIN); regs: the
        constants 121666, 2^26 - 1, 2^25 - 1 in ymm10, ymm11, ymm12"""
        if regs:
            self.e('vmovdqa K121666(%rip), %ymm10')
            self.e('vmovdqa M26(%rip), %ymm11')
            self.e('vmovdqa M25(%rip), %ymm12')
            k, m26, m25 = y(10), y(11), y(12)
        else:
            k, m26, m25 = 'K121666(%rip)', 'M26(%rip)', 'M25(%rip)'
        # t0 stays in ymm0 until the wrapped carry of limb 9 arrives
        prev = None
        for i in range(10):
            t = 0 if i == 0 else (1 + (i & 1))
            c = 3 + (i & 1)
            self.e('vmovdqa %s, %s' % (limb(f, i), y(t)))
            self.e('vpmuludq %s, %s, %s' % (k, y(t), y(t)))
            self.e('vpaddq %s, %s, %s' % (limb(g, i), y(t), y(t)))
            self.e('vpsrlq $%d, %s, %s' % (25 if i & 1 else 26, y(t), y(c)))
            self.e('vpand %s, %s, %s' % (m25 if i & 1 else m26, y(t), y(t)))
            if i > 0:
                self.e('vpaddq %s, %s, %s' % (y(prev), y(t), y(t)))
                self.e('vmovdqa %s, %s' % (y(t), limb(h, i)))
            prev = c
        self.e('vpmuludq K19(%%rip), %s, %s' % (y(prev), y(prev)))
        self.e('vpaddq %s, %s, %s' % (y(prev), y(0), y(0)))
        self.e('vmovdqa %s, %s' % (y(0), limb(h, 0)))

# ---------------------------------------------------------------- scalar
# fe64_macros.S's operations, except that products end below 2^255 + 1463
# (as in internal/method/amd64/x25519_ladder_mulx.S), so that sums and
# differences fold in one pass; base %rdi, registers rax rbx rcx rdx rsi
# rbp r8-r15 and the flags.
class S:
    def __init__(self, j=0):
        self.out = []
        self.j = j      # integer item j of the group: words at soff + 32 j

    def w(self, op, k):
        return '%d(%s)' % (op.soff + 32 * self.j + 8 * k, op.base)

    def e(self, s):
        self.out.append(s)

    def fold255(self):
        """r8..r11 + r12 2^256 (r12 < 2^58) to r8..r11 < 2^255 + 19 (2 r12
        + 1): the part from bit 255 up is cleared and added back times 19
        (2^255 = 19 mod p); no carry leaves r11"""
        e = self.e
        e('shldq $1, %r11, %r12')
        e('andq M63(%rip), %r11')
        e('imulq $19, %r12, %r12')
        e('addq %r12, %r8')
        e('adcq $0, %r9')
        e('adcq $0, %r10')
        e('adcq $0, %r11')

    def reduce38(self):
        """the 512-bit r8..r15 to r8..r11 < 2^255 + 1463: r8..r11 + 38
        r12..r15 leaves at most 38 above 2^256, then fold255; the bound
        lets every addition and subtraction fold in one pass"""
        e = self.e
        e('movl $38, %edx')
        e('xorl %ebp, %ebp')
        for src, lo, hi in (('%r12', '%r8', '%r9'), ('%r13', '%r9', '%r10'),
                            ('%r14', '%r10', '%r11')):
            e('mulx %s, %%rax, %%rbx' % src)
            e('adcx %%rax, %s' % lo)
            e('adox %%rbx, %s' % hi)
        e('mulx %r15, %rax, %r12')
        e('adcx %rax, %r11')
        e('adox %rbp, %r12')
        e('adcx %rbp, %r12')
        self.fold255()

    def store(self, h):
        for k, r in enumerate(('%r8', '%r9', '%r10', '%r11')):
            self.e('movq %s, %s' % (r, self.w(h, k)))

    def mul(self, h, f, g):
        e = self.e
        F = [self.w(f, k) for k in range(4)]
        e('movq %s, %%rdx' % self.w(g, 0))
        e('mulx %s, %%r8, %%r9' % F[0])
        e('mulx %s, %%rax, %%r10' % F[1])
        e('addq %rax, %r9')
        e('mulx %s, %%rax, %%r11' % F[2])
        e('adcq %rax, %r10')
        e('mulx %s, %%rax, %%r12' % F[3])
        e('adcq %rax, %r11')
        e('adcq $0, %r12')
        R = ['%r8', '%r9', '%r10', '%r11', '%r12', '%r13', '%r14', '%r15']
        for row in (1, 2, 3):
            e('movq %s, %%rdx' % self.w(g, row))
            e('xorl %ebp, %ebp')
            for k in range(3):
                e('mulx %s, %%rax, %%rbx' % F[k])
                e('adcx %%rax, %s' % R[row + k])
                e('adox %%rbx, %s' % R[row + k + 1])
            e('mulx %s, %%rax, %s' % (F[3], R[row + 4]))
            e('adcx %%rax, %s' % R[row + 3])
            e('adox %%rbp, %s' % R[row + 4])
            e('adcx %%rbp, %s' % R[row + 4])
        self.reduce38()
        self.store(h)

    def sq(self, h, f):
        e = self.e
        F = [self.w(f, k) for k in range(4)]
        e('movq %s, %%rdx' % F[0])
        e('mulx %s, %%r9, %%r10' % F[1])
        e('mulx %s, %%rax, %%r11' % F[2])
        e('addq %rax, %r10')
        e('mulx %s, %%rax, %%r12' % F[3])
        e('adcq %rax, %r11')
        e('movq %s, %%rdx' % F[3])
        e('mulx %s, %%rax, %%r13' % F[1])
        e('adcq %rax, %r12')
        e('mulx %s, %%rax, %%r14' % F[2])
        e('adcq %rax, %r13')
        e('adcq $0, %r14')
        e('movq %s, %%rdx' % F[1])
        e('mulx %s, %%rax, %%rbx' % F[2])
        e('xorl %ebp, %ebp')
        e('addq %rax, %r11')
        e('adcq %rbx, %r12')
        e('adcq %rbp, %r13')
        e('adcq %rbp, %r14')
        e('xorl %ebp, %ebp')
        e('movq %s, %%rdx' % F[0])
        e('mulx %rdx, %r8, %rax')
        e('adcx %r9, %r9')
        e('adox %rax, %r9')
        e('movq %s, %%rdx' % F[1])
        e('mulx %rdx, %rax, %rbx')
        e('adcx %r10, %r10')
        e('adox %rax, %r10')
        e('adcx %r11, %r11')
        e('adox %rbx, %r11')
        e('movq %s, %%rdx' % F[2])
        e('mulx %rdx, %rax, %rbx')
        e('adcx %r12, %r12')
        e('adox %rax, %r12')
        e('adcx %r13, %r13')
        e('adox %rbx, %r13')
        e('movq %s, %%rdx' % F[3])
        e('mulx %rdx, %rax, %r15')
        e('adcx %r14, %r14')
        e('adox %rax, %r14')
        e('adcx %rbp, %r15')
        e('adox %rbp, %r15')
        self.reduce38()
        self.store(h)

    def mul121666_add(self, h, f, g):
        e = self.e
        e('movl $121666, %edx')
        e('mulx %s, %%r8, %%r9' % self.w(f, 0))
        e('mulx %s, %%rax, %%r10' % self.w(f, 1))
        e('addq %rax, %r9')
        e('mulx %s, %%rax, %%r11' % self.w(f, 2))
        e('adcq %rax, %r10')
        e('mulx %s, %%rax, %%r12' % self.w(f, 3))
        e('adcq %rax, %r11')
        e('adcq $0, %r12')
        e('addq %s, %%r8' % self.w(g, 0))
        e('adcq %s, %%r9' % self.w(g, 1))
        e('adcq %s, %%r10' % self.w(g, 2))
        e('adcq %s, %%r11' % self.w(g, 3))
        e('adcq $0, %r12')
        self.fold255()
        self.store(h)

    def fold(self, regs, op):
        """after an add (op 'add') or sub (op 'sub') of two values below
        2^255 + 2^11 (products, constants, x1) in regs, the carry or borrow
        folded back as 38 in one pass: a wrapped sum is below 2^12, so
        adding 38 cannot carry; a wrapped difference is at least 2^255 -
        2^11, so subtracting 38 cannot borrow out.  Result < 2^256."""
        e = self.e
        e('sbbq %rax, %rax')
        e('andl $38, %eax')
        e('%sq %%rax, %s' % (op, regs[0]))
        if op == 'sub':
            for r in regs[1:]:
                e('sbbq $0, %s' % r)

    def sub(self, h, f, g):
        e = self.e
        R = ['%r8', '%r9', '%r10', '%r11']
        for k in range(4):
            e('movq %s, %s' % (self.w(f, k), R[k]))
        e('subq %s, %s' % (self.w(g, 0), R[0]))
        for k in range(1, 4):
            e('sbbq %s, %s' % (self.w(g, k), R[k]))
        self.fold(R, 'sub')
        self.store(h)

    def addsub_regs(self, s, d, x, zmem, t):
        """x (registers, destroyed) + z at s, x - z at d; sum in t"""
        e = self.e
        for k in range(4):
            e('movq %s, %s' % (x[k], t[k]))
        e('addq %s, %s' % (self.w(zmem, 0), t[0]))
        for k in range(1, 4):
            e('adcq %s, %s' % (self.w(zmem, k), t[k]))
        self.fold(t, 'add')
        for k in range(4):
            e('movq %s, %s' % (t[k], self.w(s, k)))
        e('subq %s, %s' % (self.w(zmem, 0), x[0]))
        for k in range(1, 4):
            e('sbbq %s, %s' % (self.w(zmem, k), x[k]))
        self.fold(x, 'sub')
        for k in range(4):
            e('movq %s, %s' % (x[k], self.w(d, k)))

    def head(self):
        """the fifth item's bit, its swap mask in %rsi, z2/z3 swapped in
        memory, x2/x3 swapped in registers"""
        e = self.e
        e('movq %s, %%rcx' % m('LI'))
        e('movq %rcx, %rax')
        e('shrq $3, %rax')
        e('movzbl %d(%%rdi,%%rax), %%eax' % (OFF['SK'] + 32 * self.j))
        e('andl $7, %ecx')
        e('shrl %cl, %eax')
        e('andl $1, %eax')
        e('movq %s, %%rsi' % m('SSWAP', 8 * self.j))
        e('xorq %rax, %rsi')
        e('movq %%rax, %s' % m('SSWAP', 8 * self.j))
        e('negq %rsi')
        for k in range(4):
            e('movq %s, %%rax' % self.w(st('Z2'), k))
            e('movq %s, %%rbx' % self.w(st('Z3'), k))
            e('movq %rax, %rdx')
            e('xorq %rbx, %rdx')
            e('andq %rsi, %rdx')
            e('xorq %rdx, %rax')
            e('xorq %rdx, %rbx')
            e('movq %%rax, %s' % self.w(st('Z2'), k))
            e('movq %%rbx, %s' % self.w(st('Z3'), k))
        X2 = ['%r8', '%r9', '%r10', '%r11']
        X3 = ['%r12', '%r13', '%r14', '%r15']
        for k in range(4):
            e('movq %s, %s' % (self.w(st('X2'), k), X2[k]))
            e('movq %s, %s' % (self.w(st('X3'), k), X3[k]))
        for k in range(4):
            e('movq %s, %%rax' % X2[k])
            e('xorq %s, %%rax' % X3[k])
            e('andq %rsi, %rax')
            e('xorq %%rax, %s' % X2[k])
            e('xorq %%rax, %s' % X3[k])
        return X2, X3

    def add(self, h, f, g):
        e = self.e
        R = ['%r8', '%r9', '%r10', '%r11']
        for k in range(4):
            e('movq %s, %s' % (self.w(f, k), R[k]))
        e('addq %s, %s' % (self.w(g, 0), R[0]))
        for k in range(1, 4):
            e('adcq %s, %s' % (self.w(g, k), R[k]))
        self.fold(R, 'add')
        self.store(h)

    def swap_addsub(self):
        X2, X3 = self.head()
        T = ['%rbx', '%rcx', '%rdx', '%rsi']
        self.addsub_regs(st('A'), st('B'), X2, st('Z2'), T)
        self.addsub_regs(st('C'), st('D'), X3, st('Z3'), T)


# ---------------------------------------------------------------- output
import os
# the order of a step's products.  'spread' (the default): DA, CB, AA, BB,
# then the sums and differences, (DA - CB)^2, (DA + CB)^2, x1 (DA - CB)^2,
# AA BB, E (BB + 121666 E), so that no product comes right after the one
# whose result it reads: such a product waits for the other's carry chain,
# and the instructions behind it are too far away for the out-of-order
# window to fill the wait.  Measured on Zen 3 (interleaved A/B, three
# rounds): batch 16 495.8-497.3k -> 490.7-490.8k ticks (clang), the four
# lanes alone 150k -> 148k; llvm-mca alderlake within 0.4%.  'chain' (the
# environment variable ORDER=chain) gives the order of fe26x4-ladder-batch,
# which puts (DA - CB)^2 right after CB, for comparison.
ORDER = os.environ.get('ORDER', 'spread')


def vector_head():
    if LANES == 8:
        return vector_head8()
    return vector_head4()


def vector_head8():
    """as vector_head4 for eight lanes; the swap mask, the lanes whose
    bit changed, also as the opmask k1 for vpblendmq"""
    return [
        'movq %s, %%rcx' % m('LI'),
        'movq %rcx, %rax',
        'shrq $6, %rax',
        'shlq $6, %rax',
        'vmovdqa64 %d(%%rdi,%%rax), %%zmm0' % OFF['SW'],
        'andl $63, %ecx',
        'vmovq %rcx, %xmm1',
        'vpsrlq %xmm1, %zmm0, %zmm0',
        'vpandq ONE(%rip), %zmm0, %zmm0',
        'vpxorq %zmm2, %zmm2, %zmm2',
        'vpsubq %zmm0, %zmm2, %zmm0',
        'vpxorq %s, %%zmm0, %%zmm15' % m('SWAP'),
        'vmovdqa64 %%zmm0, %s' % m('SWAP'),
        'vptestmq %zmm15, %zmm15, %k1',
    ]


def vector_head4():
    """the lane masks of bit LI of the four scalars: new swap mask in
    ymm15, bit stored as SWAP; uses rax rcx and the flags (before the
    merged code)"""
    return [
        'movq %s, %%rcx' % m('LI'),
        'movq %rcx, %rax',
        'shrq $6, %rax',
        'shlq $5, %rax',
        'vmovdqa %d(%%rdi,%%rax), %%ymm0' % OFF['SW'],
        'andl $63, %ecx',
        'vmovq %rcx, %xmm1',
        'vpsrlq %xmm1, %ymm0, %ymm0',
        'vpand ONE(%rip), %ymm0, %ymm0',
        'vpxor %ymm2, %ymm2, %ymm2',
        'vpsubq %ymm0, %ymm2, %ymm0',
        'vpxor %s, %%ymm0, %%ymm15' % m('SWAP'),
        'vmovdqa %%ymm0, %s' % m('SWAP'),
    ]


def merge(vs, ss, end=1.0):
    """the integer instructions spread evenly over the first end (a
    fraction) of the vector instructions: one after every
    end len(vs) / len(ss) vector instructions"""
    out = []
    nv, ns = len(vs), len(ss)
    k = 0
    for i, v in enumerate(vs):
        out.append(v)
        want = min(ns, (i + 1) * ns * 1000 // int(nv * end * 1000))
        while k < want:
            out.append(ss[k])
            k += 1
    out.extend(ss[k:])
    return out


# where the integer stream ends, as a fraction of the vector stream, by
# the number of integer items: measured on Zen 3 (TSC ticks, a group of
# 4+1 items, interleaved A/B), ending at 0.75 took 167.6k against 180.7k
# for the even spread (0.6: 176.2k, 0.85: 170.4k); with two items the
# even spread was as good as any (0.8: 1% faster, within the noise;
# starting the integer stream late, at 0.25: 4% slower)
END = {0: 1.0, 1: 0.75, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0}
# the swap's blends from registers (see V.swap_addsub), by the number of
# integer items: measured (interleaved) 2.5% faster with two (batch 16:
# 1%), 6% slower with one, the same with none
REGBLEND = {0: False, 1: False, 2: True, 3: True, 4: True, 5: True}
# the constants of the inline subtractions and of the product by 121666
# in registers: measured (interleaved) with two integer items batch 6 1.3%
# faster, with one batch 5 1.1%, batch 16 1.2% for both; the lanes alone
# batch 4 and 8 0.7%
CREGS = {0: True, 1: True, 2: True, 3: True, 4: True, 5: True}


def both(ns, vf, sf):
    """vector code vf(V) merged with the scalar code sf(S(j)) of the
    integer items j < ns, one after the other"""
    v = V()
    vf(v)
    ss = []
    for j in range(ns):
        s = S(j)
        sf(s)
        ss += s.out
    return merge(v.out, ss, END[ns])


def products(ns, suffix, L, stats):
    """the out-of-line products: h = rdi, f = rsi, g (or the squaring's
    scratch) = rcx; vector and, with ns, the fifth item's"""
    H, F, G = Op('%rdi'), Op('%rsi'), Op('%rcx')
    # the integer items' x1 sit after the four row-factor blocks
    FPRE = Op('%rsi', 0, 4 * VFE)
    bodies = (
        ('mul', both(ns, lambda v: v.mul(H, F, G), lambda s: s.mul(H, F, G))),
        ('sq', both(ns, lambda v: v.sq(H, F, G), lambda s: s.sq(H, F))),
        ('mulpre', both(ns, lambda v: v.mul(H, FPRE, G, pre=True), lambda s: s.mul(H, FPRE, G))),
    )
    for name, body in bodies:
        if stats:
            print('%s%s: %d instructions' % (name, suffix, len(body)), file=sys.stderr)
        L.append('')
        L.append('\t.p2align 6')
        L.append('.L%s%s:' % (name, suffix))
        for ins in body:
            L.append('\t' + ins)
        L.append('\tret')


def call(L, name, h, f, g):
    L.append('\tmovq (%rsp), %rax')
    L.append('\tleaq %d(%%rax), %%rdi' % OFF[h])
    L.append('\tleaq %d(%%rax), %%rsi' % OFF[f])
    L.append('\tleaq %d(%%rax), %%rcx' % OFF[g])
    L.append('\tcall %s' % name)


def inline(L, body):
    L.append('\tmovq (%rsp), %rdi')
    for ins in body:
        L.append('\t' + ins)


def function(name, ns, L, stats):
    sfx = str(LANES + ns)
    products(ns, sfx, L, stats)
    L.append('')
    L.append('FE64_FUNC(CRYPTO_NAMESPACE(%s))' % name)
    for r in ('%rbx', '%rbp', '%r12', '%r13', '%r14', '%r15'):
        L.append('\tFE64_PUSH %s' % r)
    L.append('\tFE64_PUSH %rdi')       # the state, at 0(%rsp) in the loop
    L.append('\t.p2align 5')
    L.append('1:')
    inline(L, vector_head() + both(ns, lambda v: v.swap_addsub(REGBLEND[ns]), lambda s: s.swap_addsub()))
    if ORDER == 'spread':
        # no product right after the one it needs (see ORDER)
        call(L, '.Lmul' + sfx, 'DA', 'D', 'A')
        call(L, '.Lmul' + sfx, 'CB', 'C', 'B')
        call(L, '.Lsq' + sfx, 'AA', 'A', 'W')
        call(L, '.Lsq' + sfx, 'BB', 'B', 'W')

        def inl(v):
            v.sub(st('T'), st('DA'), st('CB'), CREGS[ns])
            v.add(st('T2'), st('DA'), st('CB'))
            v.sub(st('E'), st('AA'), st('BB'), CREGS[ns])
            v.mul121666_add(st('T3'), st('E'), st('BB'), CREGS[ns])

        def inls(s):
            s.sub(st('T'), st('DA'), st('CB'))
            s.add(st('T2'), st('DA'), st('CB'))
            s.sub(st('E'), st('AA'), st('BB'))
            s.mul121666_add(st('T3'), st('E'), st('BB'))
        inline(L, both(ns, inl, inls))
        call(L, '.Lsq' + sfx, 'T', 'T', 'W')
        call(L, '.Lsq' + sfx, 'X3', 'T2', 'W')
        call(L, '.Lmulpre' + sfx, 'Z3', 'X1P', 'T')
        call(L, '.Lmul' + sfx, 'X2', 'AA', 'BB')
        call(L, '.Lmul' + sfx, 'Z2', 'E', 'T3')
    else:
        call(L, '.Lmul' + sfx, 'DA', 'D', 'A')
        call(L, '.Lmul' + sfx, 'CB', 'C', 'B')
        inline(L, both(ns, lambda v: v.sub(st('T'), st('DA'), st('CB'), CREGS[ns]),
                       lambda s: s.sub(st('T'), st('DA'), st('CB'))))
        call(L, '.Lsq' + sfx, 'T', 'T', 'W')
        call(L, '.Lsq' + sfx, 'AA', 'A', 'W')
        call(L, '.Lsq' + sfx, 'BB', 'B', 'W')
        call(L, '.Lmulpre' + sfx, 'Z3', 'X1P', 'T')
        inline(L, both(ns, lambda v: v.add(st('T'), st('DA'), st('CB')),
                       lambda s: s.add(st('T'), st('DA'), st('CB'))))
        call(L, '.Lsq' + sfx, 'X3', 'T', 'W')

        def e_t3(v):
            v.sub(st('E'), st('AA'), st('BB'), CREGS[ns])
            v.mul121666_add(st('T3'), st('E'), st('BB'), CREGS[ns])

        def e_t3s(s):
            s.sub(st('E'), st('AA'), st('BB'))
            s.mul121666_add(st('T3'), st('E'), st('BB'))
        inline(L, both(ns, e_t3, e_t3s))
        call(L, '.Lmul' + sfx, 'X2', 'AA', 'BB')
        call(L, '.Lmul' + sfx, 'Z2', 'E', 'T3')
    L.append('\tmovq (%rsp), %rdi')
    L.append('\tdecq %s' % m('LI'))
    L.append('\tjns 1b')
    L.append('\tvzeroupper')
    L.append('\tFE64_POP %rdi')
    for r in ('%r15', '%r14', '%r13', '%r12', '%rbp', '%rbx'):
        L.append('\tFE64_POP %s' % r)
    L.append('\tret')
    L.append('FE64_END(CRYPTO_NAMESPACE(%s))' % name)


def main(argv):
    out_s = out_h = None
    i = 1
    stats = False
    while i < len(argv):
        if argv[i] == '-o':
            out_s = argv[i + 1]; i += 2
        elif argv[i] == '-H':
            out_h = argv[i + 1]; i += 2
        elif argv[i] == '--stats':
            stats = True; i += 1
        elif argv[i] == '--lanes' and i + 1 < len(argv) and argv[i + 1] in ('4', '8'):
            setup(int(argv[i + 1])); i += 2
        else:
            sys.exit(__doc__)
    if LANES == 8:
        cmd = 'python3 scripts/gen/gen-x25519-ladder4x1.py --lanes 8 -o %s -H %s' % (out_s, out_h)
    else:
        cmd = 'python3 scripts/gen/gen-x25519-ladder4x1.py -o %s -H %s' % (out_s, out_h)
    L = []
    L.append('/* generated by: %s */' % cmd)
    L.append('/* SPDX-License-Identifier: MIT */')
    head4 = ('/* The four-lane X25519 batch ladder loops of fe26x4-fe64-ladder-batch',
              '   and of fe26x8-fe64-ladder-batch\'s four-lane groups, each of which',
              '   includes this file through a ladder4x1.S of its own that names the',
              '   symbols for it (the generator, scripts/gen/gen-x25519-ladder4x1.py,',
              '   explains the method):',
              '   ladder4x2_loop, ladder4x1_loop run 255 ladder steps on four lanes',
              '   (ymm, radix 2^25.5) and two or one items on the integer unit (radix',
              '   2^64, mulx/adcx/adox), the steps merged instruction by instruction;',
              '   ladder4_loop the four lanes alone.  void f(uint64_t *state): rdi =',
              '   state (32-byte aligned, layout in x25519_ladder4x1_layout.h); rbx rbp',
              '   r12-r15 saved and restored; the stack holds only those, the state',
              '   pointer and the return addresses of the local product functions.',
              '   The bit index LI counts down from the value the caller stored to -1;',
              '   the final swap is left to the caller (SWAP, SSWAP hold the last',
              '   bits).',
              '   Bounds: as fe26x4_avx2.h (state TIGHT, sums and differences MULIN,',
              '   BB + 121666 E MULIN); integer items: products and the state below',
              '   2^255 + 1463, sums, differences and BB + 121666 E below 2^256.',
              '   Constant time: straight-line code; the scalar bits become masks',
              '   (lane masks for vpblendvb, 64-bit masks for the integer items);',
              '   the only indexed loads use the public bit index. */')
    head8 = ('/* The X25519 batch ladder loops of fe26x8-fe64-ladder-batch (the',
             '   generator, scripts/gen/gen-x25519-ladder4x1.py, explains the method;',
             '   this is its --lanes 8 form): ladder8xN_loop, N = 3 .. 1, run 255',
             '   ladder steps on eight lanes (zmm, AVX-512F, radix 2^25.5) and N',
             '   items on the integer unit',
             '   (radix 2^64, mulx/adcx/adox), the steps merged instruction by',
             '   instruction; ladder8_loop the eight lanes alone.  void',
             '   f(uint64_t *state): rdi = state (64-byte aligned, layout in',
             '   ladder8x1_layout.h); rbx rbp r12-r15 saved and restored; the stack',
             '   holds only those, the state pointer and the return addresses of the',
             '   local product functions.  The bit index LI counts down from the',
             '   value the caller stored to -1; the final swap is left to the caller',
             '   (SWAP, SSWAP hold the last bits).',
             '   Bounds: as fe26x8_avx512.h (state TIGHT, sums and differences MULIN,',
             '   BB + 121666 E MULIN); integer items: products and the state below',
             '   2^255 + 1463, sums, differences and BB + 121666 E below 2^256.',
             '   Constant time: straight-line code; the scalar bits become masks',
             '   (lane masks and the opmask k1 for vpblendmq, 64-bit masks for the',
             '   integer items); the only indexed loads use the public bit index. */')
    for t in (head8 if LANES == 8 else head4):
        L.append(t)
    L.append('#include "os/asm.h"')
    L.append('#include "crypto_nPbatch.h"')
    L.append('#include "field/amd64/fe64_macros.S"')
    L.append('')
    L.append('\t.section .rodata')
    L.append('\t.p2align %d' % (5 if LANES == 4 else 6))
    for name, val in (('K19', 19), ('K38', 38), ('K121666', 121666),
                      ('M26', (1 << 26) - 1), ('M25', (1 << 25) - 1), ('ONE', 1),
                      ('TWOP0', (1 << 27) - 38), ('TWOPE', (1 << 27) - 2),
                      ('TWOPO', (1 << 26) - 2), ('M63', (1 << 63) - 1)):
        L.append('%s:\t.quad %s' % (name, ', '.join(['%d' % val] * LANES)))
    L.append('\t.text')
    for ns in range(NS, 0, -1):
        function('ladder%dx%d_loop' % (LANES, ns), ns, L, stats)
    function('ladder%d_loop' % LANES, 0, L, stats)
    # the constants as local labels (.L: no symbol in the object)
    consts = ('K19', 'K38', 'K121666', 'M26', 'M25', 'ONE', 'TWOP0', 'TWOPE', 'TWOPO', 'M63')
    for k, t in enumerate(L):
        for c in consts:
            t = t.replace(c + '(%rip)', '.L' + c + '(%rip)')
            if t.startswith(c + ':'):
                t = '.L' + t
        L[k] = t
    with open(out_s, 'w') as fp:
        fp.write('\n'.join(L) + '\n')
    nm = '%dX1' % LANES
    H = ['/* generated by: %s */' % cmd,
         '/* SPDX-License-Identifier: MIT */',
         '/* byte offsets of the state of ladder%sx1_loop / ladder%s_loop */' % (LANES, LANES),
         '#ifndef LADDER%s_LAYOUT_H' % nm, '#define LADDER%s_LAYOUT_H' % nm]
    for k, v in OFF.items():
        H.append('#define L%s_%s %d' % (nm, k, v))
    H.append('#define L%s_STATE %d' % (nm, STATE))
    H.append('#endif')
    with open(out_h, 'w') as fp:
        fp.write('\n'.join(H) + '\n')


if __name__ == '__main__':
    main(sys.argv)
