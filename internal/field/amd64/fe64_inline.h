/* SPDX-License-Identifier: MIT */
/* GF(p), p = 2^255 - 19, in radix 2^64 with BMI2/ADX as GNU C inline
   assembly: the operations of fe64_macros.S (same algorithms, same
   representation: four little-endian 64-bit limbs holding any value in
   [0, 2^256), outputs in [0, 2^256)), for C code that wants the scalar
   multiplier to run inside a loop of vector code.  A call of the
   fe64_mulx_* functions would make the compiler spill every live vector
   register around it (the ABI leaves none callee-saved); an asm statement
   clobbers only the general registers it names, so the vector state stays
   in registers and the out-of-order core overlaps the two streams.

   Every operand is an element at a constant byte offset from one base
   register: FE64I_MUL(s, H, F, G) is h = f g with h at s + H, f at s + F,
   g at s + G, where s points to a block of scalar state (the offsets are
   integer literals or macros expanding to them).  The statement reads and
   writes the block as a whole ("+m" on *s; the block type must cover
   every offset used) and clobbers rax rbx rcx rdx r8-r15 and the flags
   (FE64I_CSWAP: rax rdx only).  Outputs are written after all inputs are
   read, so they may alias inputs.

   Timing: straight-line code, no data-dependent branch or address (carries
   become masks through sbb), as in fe64_macros.S. */
#ifndef FIELD_AMD64_FE64_INLINE_H
#define FIELD_AMD64_FE64_INLINE_H

#define FE64I_STR_(x) #x
#define FE64I_STR(x) FE64I_STR_(x)
/* limb k (byte offset 8k) of the element at offset o */
#define FE64I_L(o, k) FE64I_STR(o) "+" #k "(%[s])"

#define FE64I_CLOBBERS "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", \
                       "r14", "r15", "cc"

/* r8..r11 = r8..r15 reduced with 2^256 = 38: < 2^256, congruent mod p.
   rcx = 0 after (it is the zero register of adox/adcx) */
#define FE64I_REDUCE38                                                  \
  "movl $38, %%edx\n\t"                                                 \
  "xorl %%ecx, %%ecx\n\t"                                               \
  "mulx %%r12, %%rax, %%rbx\n\t"                                        \
  "adcx %%rax, %%r8\n\t"                                                \
  "adox %%rbx, %%r9\n\t"                                                \
  "mulx %%r13, %%rax, %%rbx\n\t"                                        \
  "adcx %%rax, %%r9\n\t"                                                \
  "adox %%rbx, %%r10\n\t"                                               \
  "mulx %%r14, %%rax, %%rbx\n\t"                                        \
  "adcx %%rax, %%r10\n\t"                                               \
  "adox %%rbx, %%r11\n\t"                                               \
  "mulx %%r15, %%rax, %%r12\n\t"                                        \
  "adcx %%rax, %%r11\n\t"                                               \
  "adox %%rcx, %%r12\n\t"                                               \
  "adcx %%rcx, %%r12\n\t"                                               \
  /* r12 <= 38: fold 38 r12; a carry out leaves a small value */        \
  "imulq $38, %%r12, %%r12\n\t"                                         \
  "addq %%r12, %%r8\n\t"                                                \
  "adcq %%rcx, %%r9\n\t"                                                \
  "adcq %%rcx, %%r10\n\t"                                               \
  "adcq %%rcx, %%r11\n\t"                                               \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "addq %%rax, %%r8\n\t"

#define FE64I_STORE(h)                                                  \
  "movq %%r8, " FE64I_L(h, 0) "\n\t"                                    \
  "movq %%r9, " FE64I_L(h, 8) "\n\t"                                    \
  "movq %%r10, " FE64I_L(h, 16) "\n\t"                                  \
  "movq %%r11, " FE64I_L(h, 24) "\n\t"

/* one row k = 1..3 of the schoolbook product: rdx = g_k times f added
   at columns k..k+4 (registers c0..c3 hold columns k..k+3, c4 is the
   new top column), low halves on the CF chain, high halves on OF */
#define FE64I_ROW(f, g, k, c0, c1, c2, c3, c4)                          \
  "movq " FE64I_L(g, k) ", %%rdx\n\t"                                   \
  "xorl %%ecx, %%ecx\n\t"                                               \
  "mulx " FE64I_L(f, 0) ", %%rax, %%rbx\n\t"                            \
  "adcx %%rax, %%" c0 "\n\t"                                            \
  "adox %%rbx, %%" c1 "\n\t"                                            \
  "mulx " FE64I_L(f, 8) ", %%rax, %%rbx\n\t"                            \
  "adcx %%rax, %%" c1 "\n\t"                                            \
  "adox %%rbx, %%" c2 "\n\t"                                            \
  "mulx " FE64I_L(f, 16) ", %%rax, %%rbx\n\t"                           \
  "adcx %%rax, %%" c2 "\n\t"                                            \
  "adox %%rbx, %%" c3 "\n\t"                                            \
  "mulx " FE64I_L(f, 24) ", %%rax, %%" c4 "\n\t"                        \
  "adcx %%rax, %%" c3 "\n\t"                                            \
  "adox %%rcx, %%" c4 "\n\t"                                            \
  "adcx %%rcx, %%" c4 "\n\t"

/* h = f g */
#define FE64I_MUL_ASM(h, f, g)                                          \
  "movq " FE64I_L(g, 0) ", %%rdx\n\t"                                   \
  "mulx " FE64I_L(f, 0) ", %%r8, %%r9\n\t"                              \
  "mulx " FE64I_L(f, 8) ", %%rax, %%r10\n\t"                            \
  "addq %%rax, %%r9\n\t"                                                \
  "mulx " FE64I_L(f, 16) ", %%rax, %%r11\n\t"                           \
  "adcq %%rax, %%r10\n\t"                                               \
  "mulx " FE64I_L(f, 24) ", %%rax, %%r12\n\t"                           \
  "adcq %%rax, %%r11\n\t"                                               \
  "adcq $0, %%r12\n\t"                                                  \
  FE64I_ROW(f, g, 8, "r9", "r10", "r11", "r12", "r13")                  \
  FE64I_ROW(f, g, 16, "r10", "r11", "r12", "r13", "r14")                \
  FE64I_ROW(f, g, 24, "r11", "r12", "r13", "r14", "r15")                \
  FE64I_REDUCE38                                                        \
  FE64I_STORE(h)

/* h = f^2: the six cross products once, doubled on the CF chain while
   the four squares go in on the OF chain */
#define FE64I_SQ_ASM(h, f)                                              \
  "movq " FE64I_L(f, 0) ", %%rdx\n\t"                                   \
  "mulx " FE64I_L(f, 8) ", %%r9, %%r10\n\t"                             \
  "mulx " FE64I_L(f, 16) ", %%rax, %%r11\n\t"                           \
  "addq %%rax, %%r10\n\t"                                               \
  "mulx " FE64I_L(f, 24) ", %%rax, %%r12\n\t"                           \
  "adcq %%rax, %%r11\n\t"                                               \
  "movq " FE64I_L(f, 24) ", %%rdx\n\t"                                  \
  "mulx " FE64I_L(f, 8) ", %%rax, %%r13\n\t"                            \
  "adcq %%rax, %%r12\n\t"                                               \
  "mulx " FE64I_L(f, 16) ", %%rax, %%r14\n\t"                           \
  "adcq %%rax, %%r13\n\t"                                               \
  "adcq $0, %%r14\n\t"                                                  \
  "movq " FE64I_L(f, 8) ", %%rdx\n\t"                                   \
  "mulx " FE64I_L(f, 16) ", %%rax, %%rbx\n\t"                           \
  "xorl %%ecx, %%ecx\n\t"                                               \
  "addq %%rax, %%r11\n\t"                                               \
  "adcq %%rbx, %%r12\n\t"                                               \
  "adcq %%rcx, %%r13\n\t"                                               \
  "adcq %%rcx, %%r14\n\t"                                               \
  "xorl %%ecx, %%ecx\n\t"                                               \
  "movq " FE64I_L(f, 0) ", %%rdx\n\t"                                   \
  "mulx %%rdx, %%r8, %%rax\n\t"                                         \
  "adcx %%r9, %%r9\n\t"                                                 \
  "adox %%rax, %%r9\n\t"                                                \
  "movq " FE64I_L(f, 8) ", %%rdx\n\t"                                   \
  "mulx %%rdx, %%rax, %%rbx\n\t"                                        \
  "adcx %%r10, %%r10\n\t"                                               \
  "adox %%rax, %%r10\n\t"                                               \
  "adcx %%r11, %%r11\n\t"                                               \
  "adox %%rbx, %%r11\n\t"                                               \
  "movq " FE64I_L(f, 16) ", %%rdx\n\t"                                  \
  "mulx %%rdx, %%rax, %%rbx\n\t"                                        \
  "adcx %%r12, %%r12\n\t"                                               \
  "adox %%rax, %%r12\n\t"                                               \
  "adcx %%r13, %%r13\n\t"                                               \
  "adox %%rbx, %%r13\n\t"                                               \
  "movq " FE64I_L(f, 24) ", %%rdx\n\t"                                  \
  "mulx %%rdx, %%rax, %%r15\n\t"                                        \
  "adcx %%r14, %%r14\n\t"                                               \
  "adox %%rax, %%r14\n\t"                                               \
  "adcx %%rcx, %%r15\n\t"                                               \
  "adox %%rcx, %%r15\n\t"                                               \
  FE64I_REDUCE38                                                        \
  FE64I_STORE(h)

/* r8..r11 (+)= carry of the preceding add: 2^256 -> 38, twice */
#define FE64I_ADDFIX(r0, r1, r2, r3)                                    \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "addq %%rax, %%" r0 "\n\t"                                            \
  "adcq $0, %%" r1 "\n\t"                                               \
  "adcq $0, %%" r2 "\n\t"                                               \
  "adcq $0, %%" r3 "\n\t"                                               \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "addq %%rax, %%" r0 "\n\t"
/* the same for a borrow: -2^256 -> -38, twice (a second borrow means
   the value was below 38, and 2^256 - 38 more cannot borrow again) */
#define FE64I_SUBFIX(r0, r1, r2, r3)                                    \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "subq %%rax, %%" r0 "\n\t"                                            \
  "sbbq $0, %%" r1 "\n\t"                                               \
  "sbbq $0, %%" r2 "\n\t"                                               \
  "sbbq $0, %%" r3 "\n\t"                                               \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "subq %%rax, %%" r0 "\n\t"

/* s = f + g, d = f - g */
#define FE64I_ADDSUB_ASM(s, d, f, g)                                    \
  "movq " FE64I_L(f, 0) ", %%r8\n\t"                                    \
  "movq " FE64I_L(f, 8) ", %%r9\n\t"                                    \
  "movq " FE64I_L(f, 16) ", %%r10\n\t"                                  \
  "movq " FE64I_L(f, 24) ", %%r11\n\t"                                  \
  "movq %%r8, %%r12\n\t"                                                \
  "movq %%r9, %%r13\n\t"                                                \
  "movq %%r10, %%r14\n\t"                                               \
  "movq %%r11, %%r15\n\t"                                               \
  "addq " FE64I_L(g, 0) ", %%r8\n\t"                                    \
  "adcq " FE64I_L(g, 8) ", %%r9\n\t"                                    \
  "adcq " FE64I_L(g, 16) ", %%r10\n\t"                                  \
  "adcq " FE64I_L(g, 24) ", %%r11\n\t"                                  \
  FE64I_ADDFIX("r8", "r9", "r10", "r11")                                \
  "subq " FE64I_L(g, 0) ", %%r12\n\t"                                   \
  "sbbq " FE64I_L(g, 8) ", %%r13\n\t"                                   \
  "sbbq " FE64I_L(g, 16) ", %%r14\n\t"                                  \
  "sbbq " FE64I_L(g, 24) ", %%r15\n\t"                                  \
  FE64I_SUBFIX("r12", "r13", "r14", "r15")                              \
  FE64I_STORE(s)                                                        \
  "movq %%r12, " FE64I_L(d, 0) "\n\t"                                   \
  "movq %%r13, " FE64I_L(d, 8) "\n\t"                                   \
  "movq %%r14, " FE64I_L(d, 16) "\n\t"                                  \
  "movq %%r15, " FE64I_L(d, 24) "\n\t"

/* h = f - g */
#define FE64I_SUB_ASM(h, f, g)                                          \
  "movq " FE64I_L(f, 0) ", %%r8\n\t"                                    \
  "movq " FE64I_L(f, 8) ", %%r9\n\t"                                    \
  "movq " FE64I_L(f, 16) ", %%r10\n\t"                                  \
  "movq " FE64I_L(f, 24) ", %%r11\n\t"                                  \
  "subq " FE64I_L(g, 0) ", %%r8\n\t"                                    \
  "sbbq " FE64I_L(g, 8) ", %%r9\n\t"                                    \
  "sbbq " FE64I_L(g, 16) ", %%r10\n\t"                                  \
  "sbbq " FE64I_L(g, 24) ", %%r11\n\t"                                  \
  FE64I_SUBFIX("r8", "r9", "r10", "r11")                                \
  FE64I_STORE(h)

/* h = 121666 f + g (one reduction for the product and the sum) */
#define FE64I_MUL121666_ADD_ASM(h, f, g)                                \
  "movl $121666, %%edx\n\t"                                             \
  "mulx " FE64I_L(f, 0) ", %%r8, %%r9\n\t"                              \
  "mulx " FE64I_L(f, 8) ", %%rax, %%r10\n\t"                            \
  "addq %%rax, %%r9\n\t"                                                \
  "mulx " FE64I_L(f, 16) ", %%rax, %%r11\n\t"                           \
  "adcq %%rax, %%r10\n\t"                                               \
  "mulx " FE64I_L(f, 24) ", %%rax, %%r12\n\t"                           \
  "adcq %%rax, %%r11\n\t"                                               \
  "adcq $0, %%r12\n\t"                                                  \
  "addq " FE64I_L(g, 0) ", %%r8\n\t"                                    \
  "adcq " FE64I_L(g, 8) ", %%r9\n\t"                                    \
  "adcq " FE64I_L(g, 16) ", %%r10\n\t"                                  \
  "adcq " FE64I_L(g, 24) ", %%r11\n\t"                                  \
  "adcq $0, %%r12\n\t"                                                  \
  /* r12 < 2^17 + 1: fold 38 r12, then at most one more 38 */           \
  "imulq $38, %%r12, %%r12\n\t"                                         \
  "addq %%r12, %%r8\n\t"                                                \
  "adcq $0, %%r9\n\t"                                                   \
  "adcq $0, %%r10\n\t"                                                  \
  "adcq $0, %%r11\n\t"                                                  \
  "sbbq %%rax, %%rax\n\t"                                               \
  "andl $38, %%eax\n\t"                                                 \
  "addq %%rax, %%r8\n\t"                                                \
  FE64I_STORE(h)

/* one limb of FE64I_CSWAP: t = m & (a ^ b), a ^= t, b ^= t */
#define FE64I_CSWAP1(a, b, k)                                           \
  "movq " FE64I_L(a, k) ", %%rax\n\t"                                   \
  "movq " FE64I_L(b, k) ", %%rdx\n\t"                                   \
  "xorq %%rax, %%rdx\n\t"                                               \
  "andq %[m], %%rdx\n\t"                                                \
  "xorq %%rdx, %%rax\n\t"                                               \
  "xorq %%rdx, " FE64I_L(b, k) "\n\t"                                   \
  "movq %%rax, " FE64I_L(a, k) "\n\t"
#define FE64I_CSWAP_ASM(a, b)                                           \
  FE64I_CSWAP1(a, b, 0) FE64I_CSWAP1(a, b, 8) FE64I_CSWAP1(a, b, 16)    \
  FE64I_CSWAP1(a, b, 24)

/* Under MemorySanitizer (tests/check-msan.sh), which checks the register
   operands of inline assembly and cannot follow secrets through it, the
   same operations as calls of the fe64_mulx_* functions of field/fe64.h
   (include it first), which that test builds from C, and the swap as
   mask arithmetic in C. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define FE64I_NO_ASM
#endif
#endif

#ifndef FE64I_NO_ASM
/* the statements; blk is a pointer to the state block */
#define FE64I_OP(blk, text)                                             \
  __asm__(text : "+m"(*(blk)) : [s] "r"(blk) : FE64I_CLOBBERS)
#define FE64I_MUL(blk, h, f, g) FE64I_OP(blk, FE64I_MUL_ASM(h, f, g))
#define FE64I_SQ(blk, h, f) FE64I_OP(blk, FE64I_SQ_ASM(h, f))
#define FE64I_ADDSUB(blk, sum, d, f, g) FE64I_OP(blk, FE64I_ADDSUB_ASM(sum, d, f, g))
#define FE64I_SUB(blk, h, f, g) FE64I_OP(blk, FE64I_SUB_ASM(h, f, g))
#define FE64I_MUL121666_ADD(blk, h, f, g) FE64I_OP(blk, FE64I_MUL121666_ADD_ASM(h, f, g))
/* swap the elements at a and b (and those at c and d) when the 64-bit
   mask m is all ones, keep them when it is 0; the same loads and stores
   either way */
#define FE64I_CSWAP2(blk, a, b, c, d, mask)                             \
  __asm__(FE64I_CSWAP_ASM(a, b) FE64I_CSWAP_ASM(c, d)                   \
          : "+m"(*(blk)) : [s] "r"(blk), [m] "r"(mask) : "rax", "rdx", "cc")

#else
#define FE64I_W(blk, o) ((uint64_t *)(void *)((unsigned char *)(blk) + (o)))
#define FE64I_MUL(blk, h, f, g) fe64_mulx_mul(FE64I_W(blk, h), FE64I_W(blk, f), FE64I_W(blk, g))
#define FE64I_SQ(blk, h, f) fe64_mulx_sq(FE64I_W(blk, h), FE64I_W(blk, f))
#define FE64I_SUB(blk, h, f, g) fe64_mulx_sub(FE64I_W(blk, h), FE64I_W(blk, f), FE64I_W(blk, g))
#define FE64I_ADDSUB(blk, sum, d, f, g) do {                            \
    uint64_t s_[4];                                                     \
    fe64_mulx_add(s_, FE64I_W(blk, f), FE64I_W(blk, g));                \
    fe64_mulx_sub(FE64I_W(blk, d), FE64I_W(blk, f), FE64I_W(blk, g));   \
    FE64I_W(blk, sum)[0] = s_[0]; FE64I_W(blk, sum)[1] = s_[1];         \
    FE64I_W(blk, sum)[2] = s_[2]; FE64I_W(blk, sum)[3] = s_[3];         \
  } while (0)
#define FE64I_MUL121666_ADD(blk, h, f, g) do {                          \
    uint64_t m_[4];                                                     \
    fe64_mulx_mul121666(m_, FE64I_W(blk, f));                           \
    fe64_mulx_add(FE64I_W(blk, h), m_, FE64I_W(blk, g));                \
  } while (0)
#define FE64I_CSWAP2(blk, a, b, c, d, mask) do {                        \
    uint64_t *a_ = FE64I_W(blk, a), *b_ = FE64I_W(blk, b);              \
    uint64_t *c_ = FE64I_W(blk, c), *d_ = FE64I_W(blk, d), t_;          \
    int k_;                                                             \
    for (k_ = 0; k_ < 4; ++k_) {                                        \
      t_ = (mask) & (a_[k_] ^ b_[k_]); a_[k_] ^= t_; b_[k_] ^= t_;      \
      t_ = (mask) & (c_[k_] ^ d_[k_]); c_[k_] ^= t_; d_[k_] ^= t_;      \
    }                                                                   \
  } while (0)
#endif

#endif
