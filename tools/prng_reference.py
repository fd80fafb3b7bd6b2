#!/usr/bin/env python3
# Independent reference of xoshiro256** + splitmix64 + rejection, to pin the C++ sequence.
M=(1<<64)-1
def sm(state):
    state=(state+0x9E3779B97F4A7C15)&M
    z=state
    z=((z^(z>>30))*0xBF58476D1CE4E5B9)&M
    z=((z^(z>>27))*0x94D049BB133111EB)&M
    return state, z^(z>>31)
def rotl(x,k): return ((x<<k)|(x>>(64-k)))&M
class X:
    def __init__(s,seed):
        st=seed; s.s=[]
        for i in range(4):
            st,v=sm(st); s.s.append(v)
    def next(s):
        s0,s1,s2,s3=s.s
        r=(rotl((s1*5)&M,7)*9)&M
        t=(s1<<17)&M
        s2^=s0; s3^=s1; s1^=s2; s0^=s3; s2^=t; s3=rotl(s3,45)
        s.s=[s0,s1,s2,s3]; return r
    def below(s,n):
        th=((1<<64)-n)%n
        while True:
            r=s.next()
            if r>=th: return r%n
x=X(42); print([hex(x.next()) for _ in range(4)])
x=X(1); print(''.join(str(x.below(6)+1) for _ in range(20)))
