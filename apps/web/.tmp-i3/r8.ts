import { create } from 'zustand';
console.log(create(() => ({})));
