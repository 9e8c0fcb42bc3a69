import ky from 'ky';
console.log(ky.create({}));
