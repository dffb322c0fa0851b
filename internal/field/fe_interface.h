/* SPDX-License-Identifier: MIT */
/* The field interface: what every scalar field family provides, written
   down once.  The generic code (field/fe_chains.h, group/ge_formulas.h,
   method/x25519_ladder.h, ...) is written against it, so it runs on any
   family; tests/generic/ compiles it against every family and compares.

   A family is a prefix: fe26 (radix 2^25.5, plain C99, field/fe26.h),
   fe51 (radix 2^51, unsigned __int128, field/fe51.h), fe64 (radix 2^64,
   x86-64 BMI2/ADX assembly, field/fe64.h), fe64arm (radix 2^64, AArch64
   assembly, field/fe64arm.h).  With F the prefix, the family
   header defines the element type F and, all constant time, outputs
   allowed to alias inputs:

     F_0(h), F_1(h), F_copy(h, f)      h = 0, 1, f
     F_add(h, f, g), F_sub(h, f, g)    h = f + g, f - g
     F_neg(h, f)                       h = -f
     F_mul(h, f, g), F_sq(h, f)        h = f g, f^2
     F_sq2(h, f)                       h = 2 f^2
     F_sqn(h, f, n)                    h = f^(2^n), public n >= 1
     F_mul121666(h, f)                 h = 121666 f
     F_mul_small(h, f, c)              h = c f, c < 2^32
     F_frombytes(h, s)                 s: 32 bytes little-endian, bit 255 ignored
     F_tobytes(s, f)                   the canonical encoding of f
     F_cmov(f, g, bit), F_cswap(f, g, bit)   bit = 0 or 1, may be secret
     F_iszero(f), F_isnegative(f)      1 iff f = 0 mod p; the low bit of f mod p
     F_invert(h, f)                    h = 1/f (0 -> 0)
     F_invert_vartime(h, f)            the same for public f (may branch on f)
     F_invert_chain(h, f)              1/f by the 254-squaring chain
     F_pow22523(h, f)                  h = f^((p-5)/8)

   (F_invert_chain and F_pow22523 come from the template field/fe_chains.h.)
   What the limbs may
   hold between operations (the bounds) is the family's business: each
   family header says which outputs may go into which inputs, and the
   generic code only ever adds two outputs of mul, sq, sub or mul121666
   before they go into mul or sq, which every family accepts.

   Generic code names the family through FE_FAMILY, which the includer
   defines around the inclusion (and undefines after):
     FE_T        the element type
     FE(op)      the family's operation op, e.g. FE(mul) = fe51_mul
   Names a template defines are FE(name) too (fe51_invert_chain), so no
   two families ever define the same name. */
#ifndef FIELD_FE_INTERFACE_H
#define FIELD_FE_INTERFACE_H

#define FE_PASTE_(a, b) a##_##b
#define FE_PASTE(a, b) FE_PASTE_(a, b)
#define FE_T FE_FAMILY
#define FE(op) FE_PASTE(FE_FAMILY, op)

#endif
