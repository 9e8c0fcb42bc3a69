import { names, two } from 'fakepkg';
console.log(names, two('x'));
