/* SPDX-License-Identifier: MIT */
/* The group interface: the Ed25519 point code of a field family, as the
   template group/ge_formulas.h writes it once for every family.  With G
   the group prefix over the field family F (ge51 over fe51, ge64 over
   fe64), the types G_p3, G_p2, G_p1p1, G_precomp, G_cached (the point
   forms of group/ge51.h) and the operations of group/ge_formulas.h
   (G_madd, G_add, G_p3_dbl, G_p3_tobytes, G_frombytes_vartime, ...).
   The family header supplies G_d, G_2d, G_sqrtm1 (the constants in its
   limbs) and G_precomp_select (its table scan).

   Generic code (the templates of group/ and method/) names the family
   through GE_FAMILY (and its field through FE_FAMILY), defined around the
   inclusion:
     GE(op)      the family's name op, e.g. GE(p3) = ge51_p3. */
#ifndef GROUP_GE_INTERFACE_H
#define GROUP_GE_INTERFACE_H

#include "field/fe_interface.h"

#define GE(op) FE_PASTE(GE_FAMILY, op)

#endif
