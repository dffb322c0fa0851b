/* SPDX-License-Identifier: MIT */
/* Included first by every assembly source (the .S files of
   internal/{field,group,method}/amd64/ include it through
   field/amd64/fe64_macros.S; implementations' .S files and tests include
   it themselves): the ELF notes that every object the C compiler writes
   carries too, emitted once per object.

   - .note.GNU-stack, empty: the object does not need an executable stack
     (without it the linker would make the whole library's stack
     executable).
   - .note.gnu.property with GNU_PROPERTY_X86_FEATURE_1_AND: the object is
     fit for Intel CET, indirect-branch tracking (IBT: every function starts
     with endbr64, see FE64_FUNC) and shadow stacks (SHSTK: every return
     goes back to its call; no stack switching, no return-address games).
     The linker marks the library only when every object has these bits,
     so this note must be here for a -fcf-protection build to stay marked.
     As in the C objects, the bits are the ones the compiler was asked for:
     __CET__ (bit 0 IBT, bit 1 SHSTK) is defined by -fcf-protection. */
#ifndef OS_ASM_H
#define OS_ASM_H

#if defined(__ELF__)
	.pushsection .note.GNU-stack, "", @progbits
	.popsection

#if defined(__x86_64__) && defined(__CET__) && (__CET__ & 3)
	.pushsection .note.gnu.property, "a"
	.p2align 3
	.long 4                 /* name size: "GNU" and its NUL */
	.long 16                /* descriptor size: one property, padded to 8 */
	.long 5                 /* NT_GNU_PROPERTY_TYPE_0 */
	.asciz "GNU"
	.long 0xc0000002        /* GNU_PROPERTY_X86_FEATURE_1_AND */
	.long 4                 /* its data size */
	.long (__CET__ & 3)     /* IBT = 1, SHSTK = 2 */
	.p2align 3
	.popsection
#endif
#endif

#endif
